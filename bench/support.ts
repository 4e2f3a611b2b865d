// Helpers every benchmark shares: a free port, waiting for the server, percentiles.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { SENSOR_THRESHOLDS, type SensorType } from '@smart-city/shared';
import pg from 'pg';

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port with the `count` ports after it free too (a load balancer and its processes). */
export async function freePortRun(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    let free = first + count < 65_536;
    for (let port = first + 1; free && port <= first + count; port++) free = await isFree(port);
    if (free) return first;
  }
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The p-th percentile of an ascending list (NaN when empty). */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const MAIN = new URL('../apps/server/src/main.ts', import.meta.url).pathname;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'smartcity-demo';

/** The real server on a free port of 127.0.0.1, quiet, until `stop`. */
export async function startBenchServer(env: Record<string, string>) {
  const port = await freePort();
  // BENCH_CPU_PROFILE_DIR=<dir> writes the server's CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const server = spawn(process.execPath, [...flags, '--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${base}/api/health`, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop, pid: server.pid! };
}

/** Signs in a demo account by e-mail and returns its session cookie. */
export async function demoCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A value inside each type's usual range, now and then past a threshold so the rules do work. */
export function valueFor(type: string): number {
  const r = Math.random();
  switch (type) {
    case 'traffic':
    case 'waste':
      return Math.round(r * 95 * 10) / 10;
    case 'air_quality':
      return Math.round(20 + r * 220);
    case 'energy':
      return Math.round((10 + r * 32) * 10) / 10;
    case 'water':
      return Math.round(90 + r * 90);
    default:
      return Math.round(r * 5_000);
  }
}

/**
 * A value as a city's sensors send them most of the time: in range, and one in a hundred somewhere in
 * `valueFor`'s wider spread (so now and then past a threshold). Energy's levels are a share of the
 * bench feeders' 40 MW rating.
 */
export function typicalValueFor(type: string): number {
  const levels = SENSOR_THRESHOLDS[type as SensorType];
  if (!levels || Math.random() < 0.01) return valueFor(type);
  const ceiling = type === 'energy' ? (levels.warning / 100) * 40 : levels.warning;
  return Math.round(ceiling * (0.3 + Math.random() * 0.65) * 10) / 10;
}

/** A fresh database to benchmark on: the server's settings for it and a way to count stored readings. */
export type BenchDatabase = {
  label: 'embedded' | 'postgresql';
  env: Record<string, string>;
  countReadings: () => Promise<number>;
};

/**
 * Runs `body` on a fresh embedded database, then on a fresh database of BENCH_DATABASE_URL's
 * PostgreSQL when it is set; each is removed afterwards.
 */
export async function forEachBenchDatabase<T>(body: (db: BenchDatabase) => Promise<T>) {
  const results: T[] = [];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-bench-'));
  try {
    results.push(
      await body({
        label: 'embedded',
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        countReadings: async () => {
          const db = await PGlite.create({ dataDir });
          const { rows } = await db.query<{ n: number }>(
            'select count(*)::int as n from sensor_data',
          );
          await db.close();
          return rows[0]!.n;
        },
      }),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    console.log('(set BENCH_DATABASE_URL to a PostgreSQL URL to measure PostgreSQL too)');
    return results;
  }
  results.push(await withPostgresBenchDatabase(pgUrl, body));
  return results;
}

/**
 * Runs `body` on a fresh database of the PostgreSQL at `adminUrl`, dropped afterwards unless `keep`
 * is set (then its URL is printed).
 */
export async function withPostgresBenchDatabase<T>(
  adminUrl: string,
  body: (db: BenchDatabase) => Promise<T>,
  options: { keep?: boolean } = {},
): Promise<T> {
  const name = `smartcity_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${adminUrl} does not answer: ${(err as Error).message}`, {
      cause: err,
    });
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await body({
      label: 'postgresql',
      env: { DATABASE_URL: url.toString(), DEMO_ACCOUNTS: 'on' },
      countReadings: async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from sensor_data',
        );
        await client.end();
        return rows[0]!.n;
      },
    });
  } finally {
    if (options.keep) console.log(`Kept the database ${url.toString()}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** Makes a device key as the demo admin, and lists the sensors a poster may send for. */
export async function deviceKey(
  base: string,
): Promise<{ key: string; sensors: { id: string; type: string }[] }> {
  const cookie = await demoCookie(base, 'admin@smartcity.local');
  const created = await fetch(`${base}/api/device-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
    body: JSON.stringify({ name: 'bench device' }),
  });
  if (created.status !== 201) throw new Error(`creating a device key answered ${created.status}`);
  const { key } = (await created.json()) as { key: string };
  const res = await fetch(`${base}/api/sensors`, { headers: { Cookie: cookie } });
  return { key, sensors: (await res.json()) as { id: string; type: string }[] };
}

/** The real server on a fresh embedded database in a temporary folder, removed on `stop`. */
export async function startEmbeddedBenchServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-bench-'));
  try {
    const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
    return {
      base: server.base,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Waits until the server has folded every stored reading into the rollups and latest values (the
 * work a batch leaves for later), and answers how long that took.
 */
export async function untilFolded(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ waiting: boolean }>(
        `select exists (select 1 from sensor_data
           where xact >= (select folded_below from readings_fold)) as waiting`,
      );
      if (!rows[0]!.waiting) return (performance.now() - started) / 1000;
      await sleep(200);
    }
  } finally {
    await client.end();
  }
}

/**
 * Times for a bench's readings: a reading is its sensor and its time, so each sensor's readings take
 * times a millisecond apart, from a little while ago, and none is a copy of another however fast the
 * bench sends. (Sent at their real time, a thousand readings a second of one sensor would share.)
 */
export function readingTimes(startMsAgo = 10 * 60_000): (sensorId: string) => string {
  const base = Date.now() - startMsAgo;
  const sent = new Map<string, number>();
  return (sensorId) => {
    const n = sent.get(sensorId) ?? 0;
    sent.set(sensorId, n + 1);
    return new Date(base + n).toISOString();
  };
}
