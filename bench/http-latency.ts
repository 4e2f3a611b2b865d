// Starts the real server on a fresh embedded database and measures the latency of the public
// endpoints from a client on the same machine. Prints p50/p95/p99 and throughput per endpoint.
// The open data endpoints are measured as a client reads them, through the rate limiter (given a
// limit the bench cannot reach) and the answers cached for every client.
import { Agent, request } from 'node:http';
import { percentile, startEmbeddedBenchServer } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
/** `BENCH_ENDPOINTS=/a,/b` measures only those. */
const ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',') ?? [
  '/api/health',
  '/api/cities',
  '/api/openapi.json',
  '/dashboard',
  '/api/public/v1/cities/kolkata/latest?limit=100',
  '/api/public/v1/cities/kolkata/latest.csv?limit=100',
  '/api/public/v1/cities/kolkata/air-quality',
];

/**
 * One GET on a kept-alive connection, its body read and left as it came (gzipped when the server
 * gzips): the client does what a load generator does, so the figure is the server's, not the cost
 * of decoding on the same two cores. Resolves with the status.
 */
function get(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measure(base: string, endpoint: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(base + endpoint);
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const status = await get(agent, url);
        if (status < 200 || status >= 400) failures++;
        timings.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
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

/** Seconds to let the server's start-up work (the simulated history, the first folds) finish. */
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 30);

const server = await startEmbeddedBenchServer({ OPEN_DATA_RATE_LIMIT: '1000000' });
try {
  const { base } = server;
  await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
  console.log(
    `HTTP latency: ${REQUESTS} requests per endpoint, ${CONCURRENCY} at a time, embedded database`,
  );
  const rows = [];
  for (const endpoint of ENDPOINTS) rows.push(await measure(base, endpoint));
  console.table(rows);
} finally {
  await server.stop();
}
