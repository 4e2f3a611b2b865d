// Sustained ingest: starts the real server (simulator off) on a fresh embedded database and, when
// BENCH_DATABASE_URL is set, on a fresh database of that PostgreSQL too; signs in as the demo admin,
// creates a device key, then has a few posters send batches of readings for a fixed time. Prints
// readings/s accepted (202 totals) and stored (rows counted in the database afterwards).
import {
  deviceKey,
  forEachBenchDatabase,
  percentile,
  readingTimes,
  startBenchServer,
  valueFor,
  type BenchDatabase,
} from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 2_000);

async function run(db: BenchDatabase) {
  // The posters' batches are admitted at once (as the scale bench does), unless set otherwise.
  const server = await startBenchServer({
    SIMULATOR: 'off',
    INGEST_MAX_IN_FLIGHT: process.env.INGEST_MAX_IN_FLIGHT ?? String(POSTERS * BATCH),
    ...db.env,
  });
  try {
    const { base } = server;
    const { key, sensors } = await deviceKey(base);
    let accepted = 0;
    let failures = 0;
    const latencies: number[] = [];
    const timeOf = readingTimes();
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: POSTERS }, async () => {
        while (performance.now() < endAt) {
          const readings = Array.from({ length: BATCH }, (_, i) => {
            const s = sensors[i % sensors.length]!;
            return { sensorId: s.id, value: valueFor(s.type), timestamp: timeOf(s.id) };
          });
          const t0 = performance.now();
          const res = await fetch(`${base}/api/ingest/readings`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
            body: JSON.stringify({ readings }),
          });
          const body = (await res.json()) as { accepted?: number };
          latencies.push(performance.now() - t0);
          if (res.status === 202) accepted += body.accepted ?? 0;
          else failures++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await server.stop();
    const stored = await db.countReadings();
    latencies.sort((a, b) => a - b);
    return {
      database: db.label,
      posters: POSTERS,
      batch: BATCH,
      seconds: +seconds.toFixed(1),
      requests: latencies.length,
      failures,
      'accepted/s': Math.round(accepted / seconds),
      'stored/s': Math.round(stored / seconds),
      stored,
      'batch p50 ms': Math.round(percentile(latencies, 50)),
      'batch p95 ms': Math.round(percentile(latencies, 95)),
    };
  } finally {
    await server.stop();
  }
}

console.log(
  `Ingest: ${POSTERS} posters, batches of ${BATCH}, ${SECONDS} s each, rules on, simulator off`,
);
console.table(await forEachBenchDatabase(run));
