import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ui } from '../selectors';
import { signInAsDemo } from '../support';

/**
 * The deployment of several processes as the recipe runs it (`npm run cluster`): two processes
 * behind HAProxy on PostgreSQL. Needs TEST_DATABASE_URL (a PostgreSQL that may create databases)
 * and Debian's haproxy; skipped, saying which is missing, without them.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const HAVE_HAPROXY = spawnSync('haproxy', ['-v']).status === 0;
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3960);
const BASE = `http://127.0.0.1:${PORT}`;
const ROOT = path.join(import.meta.dirname, '..', '..');
const SENSOR = 'kolkata-traffic-howrah-bridge';

test.skip(!ADMIN_URL, 'needs TEST_DATABASE_URL: a PostgreSQL the cluster can create a database on');
test.skip(!HAVE_HAPROXY, 'needs HAProxy (Debian package haproxy)');

type Cluster = { child: ChildProcess; said: () => string; pids: Map<string, number> };
let cluster: Cluster | undefined;
let database = '';
let dataDir = '';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = `e2e_cluster_${Date.now()}`;
  await admin((c) => c.query(`create database "${database}"`));
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${database}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'smart-city-e2e-cluster-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'scripts', 'cluster.ts'),
      '--processes',
      '2',
      '--port',
      String(PORT),
      '--host',
      '127.0.0.1',
      '--database-url',
      url.toString(),
      '--data-dir',
      dataDir,
      '--demo',
    ],
    {
      cwd: ROOT,
      // As the journeys' main server: a reading out of range raises its alert at once.
      env: { ...process.env, PUBLIC_URL: BASE, LOG_LEVEL: 'warn', ALERT_ON_DELAY: 'off' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const until = Date.now() + 200_000;
  while (!said.includes('cluster ready')) {
    if (child.exitCode !== null) throw new Error(`the cluster stopped:\n${said}`);
    if (Date.now() > until) throw new Error(`the cluster was not ready in time:\n${said}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pids = new Map<string, number>();
  for (const [, port, pid] of said.matchAll(
    /process \S+\s+http:\/\/127\.0\.0\.1:(\d+)\s+pid (\d+)/g,
  ))
    pids.set(`http://127.0.0.1:${port}`, Number(pid));
  cluster = { child, said: () => said, pids };
});

test.afterAll(async () => {
  if (cluster && cluster.child.exitCode === null) {
    const exited = new Promise((resolve) => cluster!.child.once('exit', resolve));
    cluster.child.kill('SIGTERM');
    await exited;
  }
  if (database) await admin((c) => c.query(`drop database if exists "${database}" with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The process holding the page's live connection: the one of the two that counts a socket. */
async function processServingTheSocket(): Promise<string> {
  const counts = await Promise.all(
    [...cluster!.pids.keys()].map(async (url) => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('live_sockets'));
      return { url, sockets: Number(line?.split(' ').at(-1) ?? 0) };
    }),
  );
  const serving = counts.filter((c) => c.sockets > 0);
  expect(serving, 'exactly one process holds the page’s live connection').toHaveLength(1);
  return serving[0]!.url;
}

test('through the load balancer, the live view comes back within 10 s when its process is killed, and misses no alert', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await signInAsDemo(page, 'operator');
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 15_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'Alerts' }).click();
  await expect(ui.alerts.search(page)).toBeVisible({ timeout: 15_000 });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The process holding the page's socket crashes, as a process does: no goodbye.
  const serving = await processServingTheSocket();
  process.kill(cluster!.pids.get(serving)!, 'SIGKILL');
  const killedAt = Date.now();

  // At once, before the page is back, a critical reading arrives through the load balancer.
  const res = await context.request.post('/api/ingest/readings', {
    headers: { Origin: BASE },
    data: { readings: [{ sensorId: SENSOR, value: 97, timestamp: new Date().toISOString() }] },
  });
  expect(res.status()).toBe(202);
  const listed = await context.request.get(`/api/alerts?q=${SENSOR}&status=open`);
  const [alert] = (await listed.json()) as { id: string; title: string }[];
  expect(alert).toBeDefined();

  // The page reconnects to the other process and shows the alert it could not hear of live.
  await expect(ui.live.headerStatus(page)).toHaveText('Connected', { timeout: 10_000 });
  const card = ui.alerts.card(page, alert!.id);
  await expect(card).toBeVisible({ timeout: 10_000 - (Date.now() - killedAt) });
  await expect(card).toContainText(alert!.title);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

  // And live again: the next alert arrives without a reload.
  const next = await context.request.post('/api/ingest/readings', {
    headers: { Origin: BASE },
    data: {
      readings: [
        { sensorId: 'kolkata-waste-park-street', value: 99, timestamp: new Date().toISOString() },
      ],
    },
  });
  expect(next.status()).toBe(202);
  const waste = (await (
    await context.request.get('/api/alerts?q=kolkata-waste-park-street&status=open')
  ).json()) as { id: string }[];
  await expect(ui.alerts.card(page, waste[0]!.id)).toBeVisible({ timeout: 10_000 });
  await context.close();
});
