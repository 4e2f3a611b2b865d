// Sustained ingest: starts the real server (simulator off) on a fresh embedded database and, when
// BENCH_DATABASE_URL is set, on a fresh database of that PostgreSQL too; signs in as the demo admin,
// creates a device key, then has a few posters send batches of readings for a fixed time. Prints
// readings/s accepted (202 totals) and stored (rows counted in the database afterwards).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { freePort, waitUntilUp } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const POSTERS = Number(process.env.BENCH_POSTERS ?? 4);
const BATCH = Number(process.env.BENCH_BATCH ?? 2_000);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'smartcity-demo';
const MAIN = path.resolve(import.meta.dirname, '..', 'apps', 'server', 'src', 'main.ts');

/** Signs in as the demo admin and makes a device key for the posters. */
async function deviceKey(
  base: string,
): Promise<{ key: string; sensors: { id: string; type: string }[] }> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'admin@smartcity.local', password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`demo admin sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${base}/api/device-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie },
    body: JSON.stringify({ name: 'ingest bench' }),
  });
  if (created.status !== 201) throw new Error(`creating a device key answered ${created.status}`);
  const { key } = (await created.json()) as { key: string };
  const sensors = (await (
    await fetch(`${base}/api/sensors`, { headers: { Cookie: cookie } })
  ).json()) as {
    id: string;
    type: string;
  }[];
  return { key, sensors };
}

/** A value inside each type's usual range, now and then past a threshold so the rules do work. */
function valueFor(type: string): number {
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

async function run(label: string, env: Record<string, string>, countRows: () => Promise<number>) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/api/health`, 60_000);
    const { key, sensors } = await deviceKey(base);
    let accepted = 0;
    let failures = 0;
    const latencies: number[] = [];
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: POSTERS }, async () => {
        while (performance.now() < endAt) {
          const timestamp = new Date().toISOString();
          const readings = Array.from({ length: BATCH }, (_, i) => {
            const s = sensors[i % sensors.length]!;
            return { sensorId: s.id, value: valueFor(s.type), timestamp };
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
    server.kill('SIGTERM');
    await exited;
    const stored = await countRows();
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
    return {
      database: label,
      posters: POSTERS,
      batch: BATCH,
      seconds: +seconds.toFixed(1),
      requests: latencies.length,
      failures,
      'accepted/s': Math.round(accepted / seconds),
      'stored/s': Math.round(stored / seconds),
      stored,
      'batch p50 ms': p(0.5),
      'batch p95 ms': p(0.95),
    };
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
  }
}

console.log(
  `Ingest: ${POSTERS} posters, batches of ${BATCH}, ${SECONDS} s each, rules on, simulator off`,
);
const rows = [];

const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-bench-ingest-'));
try {
  rows.push(
    await run('embedded', { DATA_DIR: dataDir, DATABASE_URL: '' }, async () => {
      const db = await PGlite.create({ dataDir });
      const { rows: r } = await db.query<{ n: number }>(
        'select count(*)::int as n from sensor_data',
      );
      await db.close();
      return r[0]!.n;
    }),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const name = `smartcity_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    rows.push(
      await run('postgresql', { DATABASE_URL: url.toString(), DEMO_ACCOUNTS: 'on' }, async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        const { rows: r } = await client.query<{ n: number }>(
          'select count(*)::int as n from sensor_data',
        );
        await client.end();
        return r[0]!.n;
      }),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('(set BENCH_DATABASE_URL to a PostgreSQL URL to measure PostgreSQL too)');
}
console.table(rows);
