// Fan-out across processes (fanout.ts with BENCH_PROCESSES ≥ 2): starts BENCH_PROCESSES server
// processes behind HAProxy with the cluster script (`npm run cluster`) on a throwaway PostgreSQL
// database, opens BENCH_CLIENTS live viewers through the load balancer from BENCH_VIEWER_PROCESSES
// worker processes (fanout-viewers.ts), sends BENCH_RATE ingest requests a second of BENCH_BATCH
// readings through the load balancer for BENCH_SECONDS, and prints the time from a reading's send
// to each viewer (p50/p95/p99), the sockets and memory of each server process, and the messages
// each viewer received. BENCH_LIVE_ADAPTER=redis carries events between the processes through
// Redis (BENCH_REDIS_URL, default the local one) instead of PostgreSQL; BENCH_VIEWERS_DIRECT=1
// connects the viewers to the processes in turn instead of through HAProxy (the readings still go
// through it). The ingest requests' p95 is printed too: the viewers share the machine's cores with
// the server, and a reading reaches them no sooner than its request is stored.
import { fork, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePortRun } from './support';

const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const VIEWER_PROCESSES = Number(process.env.BENCH_VIEWER_PROCESSES ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const LIVE_ADAPTER = process.env.BENCH_LIVE_ADAPTER ?? 'postgres';
/**
 * BENCH_VIEWERS_DIRECT=1: the viewers connect to the processes in turn, not through HAProxy, which
 * needs two file descriptors a viewer (more than a machine with a 20,000 limit has for 10,000).
 */
const DIRECT = process.env.BENCH_VIEWERS_DIRECT === '1';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CITY = 'kolkata';
const ROOT = path.join(import.meta.dirname, '..');

type Viewer = ReturnType<typeof fork>;
type Report = { histogram: number[]; received: number; messages: number; closed: number };

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The cluster script's processes and load balancer, until `stop`. */
async function startCluster(databaseUrl: string, dataDir: string) {
  const port = await freePortRun(PROCESSES);
  const cluster = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts', 'cluster.ts'),
      '--processes',
      String(PROCESSES),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--database-url',
      databaseUrl,
      '--data-dir',
      dataDir,
      '--demo',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        LIVE_ADAPTER,
        // The address the viewers and the sender use: sign-in trusts this origin.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(LIVE_ADAPTER === 'redis'
          ? { REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' }
          : {}),
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let said = '';
  cluster.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise((resolve) => cluster.once('exit', resolve));
  const until = Date.now() + 180_000;
  while (!said.includes('cluster ready')) {
    if (cluster.exitCode !== null) throw new Error(`the cluster stopped:\n${said}`);
    if (Date.now() > until) throw new Error(`the cluster was not ready within 180 s:\n${said}`);
    await sleep(250);
  }
  const processUrls = [...said.matchAll(/process \S+\s+(http:\/\/127\.0\.0\.1:\d+)/g)].map(
    (m) => m[1]!,
  );
  return {
    base: `http://127.0.0.1:${port}`,
    processUrls,
    async stop() {
      if (cluster.exitCode === null) cluster.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/demo-sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username }),
  });
  if (!res.ok) throw new Error(`demo sign-in answered ${res.status}: ${await res.text()}`);
  // Without the load balancer's own cookie: each viewer stands for a browser of its own, which the
  // load balancer places afresh, not one browser pinned to the process that signed it in.
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((cookie) => !cookie.startsWith('SC_PROCESS='))
    .join('; ');
}

/** A gauge or counter of one process's /metrics, summed over its labels. */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
}

function ask(viewer: Viewer, message: object): Promise<Report> {
  return new Promise((resolve) => {
    viewer.once('message', (report) => resolve(report as Report));
    viewer.send(message);
  });
}

function percentileOf(histogram: number[], total: number, p: number): number {
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms]!;
    if (seen >= rank) return ms;
  }
  return NaN;
}

/** Readings of the city's sensors at values inside their normal range, each with its send time. */
async function ingest(base: string, cookie: string, sensorIds: string[]) {
  let sent = 0;
  let failed = 0;
  const took: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const until = Date.now() + SECONDS * 1000;
  let next = 0;
  while (Date.now() < until) {
    const sentAt = Date.now();
    const readings = Array.from({ length: BATCH }, (_, i) => {
      const lap = Math.floor((BATCH - 1 - i) / sensorIds.length);
      return {
        sensorId: sensorIds[(next + i) % sensorIds.length]!,
        value: 20 + (i % 5),
        timestamp: new Date(sentAt - lap).toISOString(),
      };
    });
    next += BATCH;
    sent += 1;
    const request = fetch(`${base}/api/ingest/readings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
      body: JSON.stringify({ readings }),
    }).then(async (res) => {
      if (res.status !== 202) failed += 1;
      await res.arrayBuffer();
      took.push(Date.now() - sentAt);
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    await sleep(Math.max(0, sentAt + 1000 / RATE - Date.now()));
  }
  await Promise.all(inFlight);
  took.sort((a, b) => a - b);
  return { sent, failed, ingestP95: took[Math.ceil(took.length * 0.95) - 1] ?? NaN };
}

export async function clusterFanout(): Promise<void> {
  const name = `bench_fanout_${Date.now()}`;
  await withAdmin((c) => c.query(`create database "${name}"`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-fanout-'));
  const viewers: Viewer[] = [];
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  try {
    cluster = await startCluster(databaseUrl.toString(), dataDir);
    const { base, processUrls } = cluster;
    const operator = await signIn(base, 'operator');
    const viewerCookie = await signIn(base, 'demo');
    const sensors = (await (
      await fetch(`${base}/api/sensors?city=${CITY}&type=traffic&limit=500`, {
        headers: { Cookie: operator },
      })
    ).json()) as { items?: { id: string }[] } | { id: string }[];
    const sensorIds = (Array.isArray(sensors) ? sensors : (sensors.items ?? [])).map((s) => s.id);
    if (sensorIds.length === 0) throw new Error(`no traffic sensors in ${CITY}`);

    const rssBefore = await Promise.all(
      processUrls.map((url) => metric(url, 'process_resident_memory_bytes')),
    );
    const connectStarted = performance.now();
    const share = Math.ceil(CLIENTS / VIEWER_PROCESSES);
    for (let i = 0; i < VIEWER_PROCESSES; i++) {
      const count = Math.min(share, CLIENTS - i * share);
      if (count <= 0) break;
      viewers.push(
        fork(path.join(import.meta.dirname, 'fanout-viewers.ts'), [], {
          execArgv: ['--import', 'tsx'],
          env: {
            ...process.env,
            FANOUT_BASE: DIRECT ? processUrls[i % processUrls.length]! : base,
            FANOUT_COOKIE: viewerCookie,
            FANOUT_VIEWERS: String(count),
            FANOUT_CITY: CITY,
          },
        }),
      );
    }
    await Promise.all(
      viewers.map(
        (viewer) =>
          new Promise<void>((resolve, reject) => {
            viewer.once('message', () => resolve());
            viewer.once('exit', (code) => reject(new Error(`a viewer process exited (${code})`)));
          }),
      ),
    );
    const connectMs = Math.round(performance.now() - connectStarted);
    // Let the handshakes' garbage go before memory is read.
    await sleep(3_000);
    const sockets = await Promise.all(processUrls.map((url) => metric(url, 'live_sockets')));
    const rssAfter = await Promise.all(
      processUrls.map((url) => metric(url, 'process_resident_memory_bytes')),
    );
    // What arrived while connecting is not part of the measure.
    await Promise.all(viewers.map((viewer) => ask(viewer, { report: true })));

    console.log(
      `Fan-out across ${PROCESSES} processes behind HAProxy (live adapter ${LIVE_ADAPTER}; viewers ${DIRECT ? 'straight to the processes' : 'through HAProxy'}): ` +
        `${CLIENTS} viewers on ${CITY} from ${viewers.length} processes (connected in ${connectMs} ms), ` +
        `${RATE} ingest requests/s of ${BATCH} readings (${RATE * BATCH}/s) over ${sensorIds.length} sensors for ${SECONDS} s`,
    );
    const { sent, failed, ingestP95 } = await ingest(base, operator, sensorIds);
    await sleep(1_500);
    const reports = await Promise.all(viewers.map((viewer) => ask(viewer, { report: true })));
    const histogram = new Array<number>(reports[0]!.histogram.length).fill(0);
    for (const report of reports) report.histogram.forEach((n, ms) => (histogram[ms]! += n));
    const deliveries = reports.reduce((sum, r) => sum + r.received, 0);
    const messages = reports.reduce((sum, r) => sum + r.messages, 0);
    const closed = reports.reduce((sum, r) => sum + r.closed, 0);
    console.table([
      {
        requests: sent,
        failed,
        'ingest p95 ms': ingestP95,
        deliveries,
        'messages per viewer per s': +(messages / CLIENTS / SECONDS).toFixed(2),
        'p50 ms': percentileOf(histogram, deliveries, 50),
        'p95 ms': percentileOf(histogram, deliveries, 95),
        'p99 ms': percentileOf(histogram, deliveries, 99),
        'viewers closed': closed,
      },
    ]);
    console.table(
      processUrls.map((url, i) => ({
        process: url,
        sockets: sockets[i],
        'RSS before MB': Math.round(rssBefore[i]! / 1e6),
        'RSS with viewers MB': Math.round(rssAfter[i]! / 1e6),
        'KB per socket': sockets[i]
          ? Math.round((rssAfter[i]! - rssBefore[i]!) / 1024 / sockets[i])
          : NaN,
      })),
    );
  } finally {
    for (const viewer of viewers) if (viewer.connected) viewer.send({ stop: true });
    await Promise.all(
      viewers.map((viewer) =>
        viewer.exitCode === null ? new Promise((r) => viewer.once('exit', r)) : Promise.resolve(),
      ),
    );
    await cluster?.stop();
    await withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`));
    await rm(dataDir, { recursive: true, force: true });
  }
}
