// Ingest under overload, on PostgreSQL: the real server (simulator off) on a fresh database of
// BENCH_DATABASE_URL's PostgreSQL. First the sustainable offer (BENCH_POSTERS posters of
// BENCH_BATCH readings), then ten times as many posters, each honouring Retry-After. Prints for
// both: accepted readings/s, the share of 429 answers, p50/p99 latency of accepted requests, and
// the server's peak RSS; scrapes /metrics during the overload to show its counters moving; and
// checks that every accepted reading was stored. After each phase it waits until the server has
// folded what it accepted into the rollups and latest values (and says how long after), so the
// work the sustainable phase left for later does not fall into the overload. Goals: at 10x,
// accepted/s ≥ 90 % of the sustainable rate and p99 ≤ 1 s.
import { readFile } from 'node:fs/promises';
import {
  deviceKey,
  percentile,
  readingTimes,
  startBenchServer,
  untilFolded,
  valueFor,
  withPostgresBenchDatabase,
} from './support';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);
const OVERLOAD = Number(process.env.BENCH_OVERLOAD ?? 10);
const METRICS_TOKEN = 'overload-bench-metrics-token';

type Phase = {
  accepted: number;
  requests: number;
  refused429: number;
  failures: number;
  latenciesMs: number[];
  seconds: number;
  /** How long after the phase the server took to fold what it accepted. */
  foldSeconds: number;
};

/** Readings a second a phase had accepted when it ended. */
function rateOf(phase: Phase): number {
  return phase.accepted / phase.seconds;
}

/** The server's resident memory in MB, read from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The samples of one metric in a /metrics text, summed over the label values that match. */
function metric(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

async function scrape(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return res.text();
}

async function offer(
  base: string,
  key: string,
  sensors: { id: string; type: string }[],
  posters: number,
): Promise<Phase> {
  const phase: Phase = {
    accepted: 0,
    requests: 0,
    refused429: 0,
    failures: 0,
    latenciesMs: [],
    seconds: 0,
    foldSeconds: 0,
  };
  const timeOf = readingTimes();
  const started = performance.now();
  const endAt = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: posters }, async (_, poster) => {
      let n = 0;
      while (performance.now() < endAt) {
        const readings = Array.from({ length: BATCH }, (_, i) => {
          const s = sensors[(poster * BATCH + n + i) % sensors.length]!;
          return { sensorId: s.id, value: valueFor(s.type), timestamp: timeOf(s.id) };
        });
        n += BATCH;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/ingest/readings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify({ readings }),
        });
        const body = (await res.json()) as { accepted?: number };
        phase.requests++;
        if (res.status === 202) {
          phase.accepted += body.accepted ?? 0;
          phase.latenciesMs.push(performance.now() - t0);
        } else if (res.status === 429) {
          phase.refused429++;
          const waitS = Number(res.headers.get('retry-after') ?? 1);
          await new Promise((r) => setTimeout(r, waitS * 1000));
        } else {
          phase.failures++;
        }
      }
    }),
  );
  phase.seconds = (performance.now() - started) / 1000;
  phase.latenciesMs.sort((a, b) => a - b);
  return phase;
}

await withPostgresBenchDatabase(DATABASE_URL, async (db) => {
  const server = await startBenchServer({
    SIMULATOR: 'off',
    METRICS_TOKEN,
    ...db.env,
  });
  let peakRssMb = 0;
  const sampler = setInterval(() => {
    void rssMb(server.pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, 250);
  try {
    const { key, sensors } = await deviceKey(server.base);
    console.log(
      `Ingest overload on PostgreSQL: ${BATCH} readings a request, ${SECONDS} s a phase, rules on, Retry-After honoured`,
    );

    const sustainable = await offer(server.base, key, sensors, POSTERS);
    sustainable.foldSeconds = await untilFolded(db.env.DATABASE_URL!);
    const sustainablePeak = peakRssMb;
    peakRssMb = 0;

    const before = await scrape(server.base);
    const scrapes: string[] = [];
    const scraper = setInterval(() => {
      void scrape(server.base).then((text) => scrapes.push(text));
    }, SECONDS * 250);
    const overloaded = await offer(server.base, key, sensors, POSTERS * OVERLOAD);
    overloaded.foldSeconds = await untilFolded(db.env.DATABASE_URL!);
    clearInterval(scraper);
    const after = await scrape(server.base);
    await server.stop();
    const stored = await db.countReadings();

    const row = (label: string, posters: number, phase: Phase, rss: number) => ({
      phase: label,
      posters,
      requests: phase.requests,
      'accepted/s': Math.round(rateOf(phase)),
      'all folded after s': Number(phase.foldSeconds.toFixed(1)),
      '429 share': `${((100 * phase.refused429) / Math.max(1, phase.requests)).toFixed(1)} %`,
      'p50 ms': Math.round(percentile(phase.latenciesMs, 50)),
      'p99 ms': Math.round(percentile(phase.latenciesMs, 99)),
      'peak RSS MB': rss,
      failures: phase.failures,
    });
    console.table([
      row('sustainable', POSTERS, sustainable, sustainablePeak),
      row(`${OVERLOAD}x`, POSTERS * OVERLOAD, overloaded, peakRssMb),
    ]);

    const moving = (name: string, labels: Record<string, string> = {}) =>
      [before, ...scrapes, after].map((text) => metric(text, name, labels));
    console.log('/metrics during the overload (before, every quarter of the phase, after):');
    console.table({
      'ingest accepted (http)': moving('ingest_readings_total', {
        channel: 'http',
        outcome: 'accepted',
      }),
      'ingest throttled (http)': moving('ingest_readings_total', {
        channel: 'http',
        outcome: 'throttled',
      }),
      '429 answers': moving('http_requests_total', { status: '429' }),
      'readings in flight': moving('ingest_readings_in_flight'),
      'db queries': moving('db_query_duration_seconds_count'),
    });

    const acceptedTotal = sustainable.accepted + overloaded.accepted;
    const sustainableRate = rateOf(sustainable);
    const overloadRate = rateOf(overloaded);
    const p99 = percentile(overloaded.latenciesMs, 99);
    const checks = [
      [
        `accepted/s at ${OVERLOAD}x ≥ 90 % of sustainable`,
        overloadRate >= 0.9 * sustainableRate,
        `${((100 * overloadRate) / sustainableRate).toFixed(1)} %`,
      ],
      [`p99 of accepted requests at ${OVERLOAD}x ≤ 1 s`, p99 <= 1_000, `${Math.round(p99)} ms`],
      [
        'every accepted reading stored',
        stored === acceptedTotal,
        `${stored} stored, ${acceptedTotal} accepted`,
      ],
      [
        'no failed request',
        sustainable.failures + overloaded.failures === 0,
        String(sustainable.failures + overloaded.failures),
      ],
    ] as const;
    for (const [goal, met, figure] of checks)
      console.log(`${met ? 'met   ' : 'MISSED'} ${goal}: ${figure}`);
    if (checks.some(([, met]) => !met)) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
});
