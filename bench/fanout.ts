// Starts the real server on a fresh embedded database, connects N socket clients to the live
// gateway subscribed to one city, posts readings through the ingest API while they listen, and
// measures how long a reading takes from the POST to each client. Prints p50/p95/p99. With
// BENCH_PROCESSES=2 or more it measures a cluster behind HAProxy instead (fanout-cluster.ts).
//
// Each reading's timestamp is its send time, so a client works out the latency from the message
// alone. The clients share this process with the sender: their own event loop adds to the figures,
// which therefore overstate the server's part a little.
import {
  LIVE_PATH,
  SENSOR_THRESHOLDS,
  type ClientToServerEvents,
  type Sensor,
  type ServerToClientEvents,
  type SubscriptionResult,
} from '@smart-city/shared';
import { io, type Socket } from 'socket.io-client';
import { percentile, startEmbeddedBenchServer } from './support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Ingest requests per second, and readings in each. */
const RATE = Number(process.env.BENCH_RATE ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const CITY = 'kolkata';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

async function signInOperator(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/demo-sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username: 'operator' }),
  });
  if (!res.ok) throw new Error(`demo sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

type BenchSensor = { id: string; value: number };

/**
 * The city's sensors with a value inside their normal range, so the bench measures readings
 * rather than the alerts an out-of-range value would raise and update on every request.
 */
async function citySensors(base: string, cookie: string): Promise<BenchSensor[]> {
  const res = await fetch(`${base}/api/sensors?city=${CITY}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`GET /api/sensors answered ${res.status}`);
  const sensors = (await res.json()) as Sensor[];
  const inCity = sensors.filter((s) => s.city === CITY);
  if (inCity.length === 0) throw new Error(`no sensors in ${CITY}`);
  return inCity.map((sensor) => {
    const levels = SENSOR_THRESHOLDS[sensor.type];
    const ratedMw = Number(sensor.metadata.ratedMw);
    if (sensor.type === 'energy' && ratedMw > 0) return { id: sensor.id, value: ratedMw * 0.4 };
    if (levels) return { id: sensor.id, value: levels.warning * 0.4 };
    return { id: sensor.id, value: sensor.value ?? 10 };
  });
}

/** Messages the first client received, by event name: shows what else competes with readings. */
const eventsSeen = new Map<string, number>();

async function connectClients(base: string, cookie: string, latencies: number[]) {
  const clients: LiveClient[] = [];
  // Handshakes each look up the session; fifty at a time keeps the embedded database responsive.
  for (let start = 0; start < CLIENTS; start += 50) {
    const wave = Array.from({ length: Math.min(50, CLIENTS - start) }, async () => {
      const client: LiveClient = io(base, {
        path: LIVE_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { Cookie: cookie },
      });
      if (clients.length === 0)
        client.onAny((name: string) => eventsSeen.set(name, (eventsSeen.get(name) ?? 0) + 1));
      clients.push(client);
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('connect_error', reject);
      });
      const ack = await new Promise<SubscriptionResult>((resolve) =>
        client.emit('subscribe', { city: CITY }, resolve),
      );
      if (!ack.ok) throw new Error(`subscribe refused: ${ack.error}`);
      client.on('readings', (event) => {
        const now = Date.now();
        for (const reading of event.readings) latencies.push(now - Date.parse(reading.timestamp));
      });
    });
    await Promise.all(wave);
  }
  return clients;
}

async function ingestFor(base: string, cookie: string, sensors: BenchSensor[]) {
  let accepted = 0;
  let failures = 0;
  let sent = 0;
  const requestMs: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const until = Date.now() + SECONDS * 1000;
  let value = 0;
  while (Date.now() < until) {
    const sentAt = Date.now();
    // A reading is its sensor and its time: a sensor met twice in one batch is a millisecond
    // earlier the second time back, and the latest, which viewers are sent, carries the send time.
    const readings = Array.from({ length: BATCH }, (_, i) => {
      const sensor = sensors[(value + i) % sensors.length]!;
      const lap = Math.floor((BATCH - 1 - i) / sensors.length);
      return {
        sensorId: sensor.id,
        value: sensor.value + (i % 3) * 0.1,
        timestamp: new Date(sentAt - lap).toISOString(),
      };
    });
    value += BATCH;
    sent++;
    const t0 = performance.now();
    const request = fetch(`${base}/api/ingest/readings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
      body: JSON.stringify({ readings }),
    }).then(async (res) => {
      requestMs.push(performance.now() - t0);
      if (res.status === 202) {
        const body = (await res.json()) as { accepted: number };
        accepted += body.accepted;
      } else {
        failures++;
        if (failures === 1) console.error(`ingest answered ${res.status}: ${await res.text()}`);
      }
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    await new Promise((r) => setTimeout(r, 1000 / RATE));
  }
  await Promise.all(inFlight);
  requestMs.sort((a, b) => a - b);
  return { sent, accepted, failures, ingestP50Ms: Math.round(percentile(requestMs, 50)) };
}

/** One process on the embedded database, its viewers in this process (the default). */
async function embeddedFanout() {
  const server = await startEmbeddedBenchServer({ SIMULATOR: 'off', DEMO_ACCOUNTS: 'on' });
  let clients: LiveClient[] = [];
  try {
    const { base } = server;
    const cookie = await signInOperator(base);
    const sensors = await citySensors(base, cookie);
    const latencies: number[] = [];
    const connectStarted = performance.now();
    clients = await connectClients(base, cookie, latencies);
    const connectMs = Math.round(performance.now() - connectStarted);
    console.log(
      `Fan-out latency: ${CLIENTS} clients on ${CITY} (connected in ${connectMs} ms), ` +
        `${RATE} ingest requests/s of ${BATCH} readings over ${sensors.length} sensors for ${SECONDS} s, ` +
        'embedded database',
    );
    const { sent, accepted, failures, ingestP50Ms } = await ingestFor(base, cookie, sensors);
    // The last batch leaves up to one batch interval after the last request.
    await new Promise((r) => setTimeout(r, 1000));
    latencies.sort((a, b) => a - b);
    console.table([
      {
        requests: sent,
        failed: failures,
        'readings accepted': accepted,
        'ingest p50 ms': ingestP50Ms,
        deliveries: latencies.length,
        'p50 ms': percentile(latencies, 50),
        'p95 ms': percentile(latencies, 95),
        'p99 ms': percentile(latencies, 99),
        'max ms': latencies.at(-1) ?? NaN,
      },
    ]);
    console.log('Messages per client:', Object.fromEntries(eventsSeen));
  } finally {
    for (const client of clients) client.disconnect();
    await server.stop();
  }
}

// BENCH_PROCESSES=2 and more: several processes behind HAProxy on PostgreSQL (fanout-cluster.ts).
if (Number(process.env.BENCH_PROCESSES ?? 1) >= 2) {
  const { clusterFanout } = await import('./fanout-cluster');
  await clusterFanout();
} else {
  await embeddedFanout();
}
