// Starts the real server (simulator off) on a fresh embedded database and, with BENCH_DATABASE_URL,
// on PostgreSQL too. Demo citizens book emergency services over HTTP, each booking with its own
// Idempotency-Key, BENCH_POSTERS at a time; then the lists a citizen and a dispatcher read are timed
// over the bookings made. Prints bookings/s and p50/p95/p99 per request.
import { demoCookie, forEachBenchDatabase, percentile, startBenchServer } from './support';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 2_000);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const READS = Number(process.env.BENCH_READS ?? 300);
const SERVICES = ['ambulance', 'fire', 'police', 'rescue'] as const;
const URGENCIES = ['low', 'medium', 'high', 'critical'] as const;

function summary(label: string, timings: number[], seconds?: number) {
  timings.sort((a, b) => a - b);
  return {
    request: label,
    count: timings.length,
    ...(seconds === undefined ? {} : { 'per s': Math.round(timings.length / seconds) }),
    'p50 ms': +percentile(timings, 50).toFixed(1),
    'p95 ms': +percentile(timings, 95).toFixed(1),
    'p99 ms': +percentile(timings, 99).toFixed(1),
  };
}

async function book(base: string, cookies: string[]) {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: POSTERS }, async (_, poster) => {
      while (next < BOOKINGS) {
        const n = next++;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/emergency/bookings`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: base,
            Cookie: cookies[poster % cookies.length]!,
            'Idempotency-Key': `bench-${n}`,
          },
          body: JSON.stringify({
            service: SERVICES[n % 4],
            urgency: URGENCIES[(n >> 2) % 4],
            city: 'kolkata',
            location: `Bench street ${n}`,
            contactPhone: '9830012345',
          }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`booking ${n} answered ${res.status}`);
        timings.push(performance.now() - t0);
      }
    }),
  );
  return summary('POST /api/emergency/bookings', timings, (performance.now() - started) / 1000);
}

async function read(base: string, cookie: string, path: string) {
  const timings: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    timings.push(performance.now() - t0);
  }
  return summary(`GET ${path}`, timings);
}

await forEachBenchDatabase(async (database) => {
  const server = await startBenchServer({ ...database.env, SIMULATOR: 'off' });
  try {
    const { base } = server;
    const citizens = await Promise.all(
      ['demo@smartcity.local', 'test@smartcity.local'].map((email) => demoCookie(base, email)),
    );
    const operator = await demoCookie(base, 'operator@smartcity.local');
    console.log(
      `Bookings, ${database.label} database: ${BOOKINGS} bookings by ${POSTERS} posters, then ${READS} reads of each list`,
    );
    const month = new Date().toISOString().slice(0, 7);
    console.table([
      await book(base, citizens),
      await read(base, citizens[0]!, '/api/emergency/bookings?limit=20'),
      await read(
        base,
        operator,
        '/api/emergency/bookings?city=kolkata&status=open&order=queue&limit=20',
      ),
      await read(base, operator, '/api/emergency/bookings/summary?city=kolkata'),
      await read(base, citizens[0]!, `/api/billing/statement?month=${month}`),
    ]);
  } finally {
    await server.stop();
  }
});
