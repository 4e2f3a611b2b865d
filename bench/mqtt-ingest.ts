// MQTT ingest: starts the real server (simulator off) subscribed to an MQTT broker (BENCH_MQTT_URL,
// default the local Mosquitto at mqtt://127.0.0.1:1883), on a fresh embedded database and, with
// BENCH_DATABASE_URL, on PostgreSQL too. Publishers send one reading per message, QoS 0, at a fixed
// total rate for a fixed time; the figure is readings stored per second (rows counted in the
// database once they stop growing), with how many of the published messages were stored.
import mqtt from 'mqtt';
import { readingsTopic } from '@smart-city/shared';
import { demoCookie, forEachBenchDatabase, startBenchServer, valueFor } from './support';
import type { BenchDatabase } from './support';

const BROKER = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_MQTT_RATE ?? 8_000);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 4);
/** Messages each publisher sends per tick; ticks are every 10 ms. */
const TICK_MS = 10;

async function connectPublisher(): Promise<mqtt.MqttClient> {
  const client = mqtt.connect(BROKER, { connectTimeout: 5_000, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (err) => reject(err));
  });
  return client;
}

/**
 * Waits until the server's count of stored MQTT readings stops growing for 1.5 s, and returns when
 * it last grew: the time the last reading was stored. (A reading's own time is when it arrived.)
 */
async function drained(base: string): Promise<number> {
  let last = -1;
  let grewAt = Date.now();
  for (;;) {
    const res = await fetch(`${base}/metrics`);
    if (!res.ok) throw new Error(`metrics answered ${res.status}`);
    const line = (await res.text())
      .split('\n')
      .find((l) => l.startsWith('ingest_readings_total{channel="mqtt",outcome="accepted"}'));
    const stored = Number(line?.split(' ').at(-1) ?? 0);
    if (stored !== last) {
      last = stored;
      grewAt = Date.now();
    } else if (Date.now() - grewAt > 1_500) return grewAt;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(db: BenchDatabase) {
  const server = await startBenchServer({ SIMULATOR: 'off', MQTT_URL: BROKER, ...db.env });
  const publishers: mqtt.MqttClient[] = [];
  try {
    const cookie = await demoCookie(server.base, 'operator@smartcity.local');
    const res = await fetch(`${server.base}/api/sensors`, { headers: { Cookie: cookie } });
    const sensors = (await res.json()) as { id: string; type: string; city: string }[];
    for (let i = 0; i < PUBLISHERS; i++) publishers.push(await connectPublisher());
    // The server subscribes in the background after it starts listening.
    await new Promise((r) => setTimeout(r, 1_000));

    const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000 / PUBLISHERS));
    let published = 0;
    const startedAt = Date.now();
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    await Promise.all(
      publishers.map(async (client, p) => {
        let tick = 0;
        while (performance.now() < endAt) {
          for (let i = 0; i < perTick; i++) {
            const s = sensors[(p * perTick + i + tick) % sensors.length]!;
            const topic = readingsTopic(s);
            client.publish(topic, JSON.stringify({ value: valueFor(s.type) }), { qos: 0 });
            published += 1;
          }
          tick += 1;
          // Paced against the wall clock, so a slow tick is made up by the next ones.
          const due = started + tick * TICK_MS;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        }
      }),
    );
    const publishedIn = (performance.now() - started) / 1000;
    const lastStoredAt = await drained(server.base);
    await server.stop();
    // The database was fresh and the simulator off: every row came from the publishers.
    const stored = await db.countReadings();
    const storedIn = (lastStoredAt - startedAt) / 1000;
    return {
      database: db.label,
      'target msg/s': RATE,
      'published msg/s': Math.round(published / publishedIn),
      published,
      stored,
      'stored %': +((stored / published) * 100).toFixed(1),
      'stored/s': Math.round(stored / storedIn),
      'drain s': +(storedIn - publishedIn).toFixed(1),
    };
  } finally {
    for (const client of publishers) client.end(true);
    await server.stop();
  }
}

console.log(
  `MQTT ingest via ${BROKER}: ${PUBLISHERS} publishers, one reading per message, QoS 0, ` +
    `${RATE} msg/s for ${SECONDS} s, rules on, simulator off`,
);
console.table(await forEachBenchDatabase(run));
