// Starts the real server on a fresh embedded database and measures the latency of the public
// endpoints from a client on the same machine. Prints p50/p95/p99 and throughput per endpoint.
// The open data endpoints are measured as a client reads them, through the rate limiter (given a
// limit the bench cannot reach) and the answers cached for every client.
import { percentile, startEmbeddedBenchServer } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ENDPOINTS = [
  '/api/health',
  '/api/cities',
  '/api/openapi.json',
  '/dashboard',
  '/api/public/v1/cities/kolkata/latest?limit=100',
  '/api/public/v1/cities/kolkata/latest.csv?limit=100',
  '/api/public/v1/cities/kolkata/air-quality',
];

async function measure(base: string, endpoint: string) {
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(base + endpoint, { headers: { 'Accept-Encoding': 'gzip' } });
        await res.arrayBuffer();
        if (!res.ok) failures++;
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    endpoint,
    requests: timings.length,
    failures,
    'req/s': Math.round(timings.length / seconds),
    'p50 ms': +percentile(timings, 50).toFixed(2),
    'p95 ms': +percentile(timings, 95).toFixed(2),
    'p99 ms': +percentile(timings, 99).toFixed(2),
  };
}

const server = await startEmbeddedBenchServer({ OPEN_DATA_RATE_LIMIT: '1000000' });
try {
  const { base } = server;
  console.log(
    `HTTP latency: ${REQUESTS} requests per endpoint, ${CONCURRENCY} at a time, embedded database`,
  );
  const rows = [];
  for (const endpoint of ENDPOINTS) rows.push(await measure(base, endpoint));
  console.table(rows);
} finally {
  await server.stop();
}
