// The deployment recipe of docs/deploy/several-processes.md, run as an operator would: three
// processes behind HAProxy on one PostgreSQL database, a live client through the load balancer that
// loses its process, a rolling restart under traffic, and a stop that leaves nothing running.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIVE_PATH, LIVE_PROTOCOL_VERSION } from '@smart-city/shared';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const adminUrl = process.env.TEST_DATABASE_URL;
const haproxyInstalled = !spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error;
const skipReason = !adminUrl
  ? 'needs PostgreSQL: set TEST_DATABASE_URL'
  : !haproxyInstalled
    ? 'needs HAProxy: install the Debian package haproxy (apt-get install -y haproxy)'
    : null;
if (skipReason) console.warn(`The cluster script's test is skipped: it ${skipReason}.`);

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const LB_PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3870);
const LB = `http://127.0.0.1:${LB_PORT}`;
const SENSOR = 'kolkata-traffic-howrah-bridge';
const DEMO_PASSWORD = 'smartcity-demo';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | null | undefined>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(200);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

type LiveClient = Socket;

/** A live client through the load balancer that subscribes to Kolkata on every (re)connection. */
function liveClient(token: string, transport: 'websocket' | 'polling') {
  const client: LiveClient = io(LB, {
    path: LIVE_PATH,
    transports: [transport],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    // Keeps the load balancer's cookie, so polling requests reach the process of their session.
    withCredentials: true,
    auth: { protocol: LIVE_PROTOCOL_VERSION, token },
  });
  const readings: number[] = [];
  const disconnects: number[] = [];
  client.on('disconnect', () => disconnects.push(Date.now()));
  client.on('connect', () => void client.emitWithAck('subscribe', { city: 'kolkata' }));
  client.on('readings', (event: { readings: { sensorId: string }[] }) => {
    if (event.readings.some((r) => r.sensorId === SENSOR)) readings.push(Date.now());
  });
  return { client, readings, disconnects };
}

describe.skipIf(skipReason !== null)('npm run cluster', () => {
  const database = `cluster_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let dataDir: string;
  let cluster: ChildProcess;
  let output = '';
  /** Every process the script said it started, the load balancer and itself included. */
  const pids = new Set<number>();
  let scriptPid = 0;

  const readPids = () => {
    for (const m of output.matchAll(/pid (\d+)/g)) pids.add(Number(m[1]));
    const hup = /kill -HUP (\d+)/.exec(output);
    if (hup) scriptPid = Number(hup[1]);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-cluster-test-'));
    const databaseUrl = new URL(adminUrl!);
    databaseUrl.pathname = `/${database}`;
    cluster = spawn(
      'npm',
      [
        'run',
        'cluster',
        '--',
        '--processes',
        '3',
        '--port',
        String(LB_PORT),
        '--host',
        '127.0.0.1',
        '--database-url',
        databaseUrl.toString(),
        '--data-dir',
        dataDir,
      ],
      {
        cwd: REPO_ROOT,
        // Its own process group, so that a failed test can still end everything it started.
        detached: true,
        env: {
          ...process.env,
          PUBLIC_URL: LB,
          DEMO_ACCOUNTS: 'on',
          SIMULATOR: 'off',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    cluster.stdout!.on('data', (d) => (output += d));
    cluster.stderr!.on('data', (d) => (output += d));
    await until(
      `the cluster's start (output so far:\n${output})`,
      async () => (output.includes('Smart City cluster ready') ? true : null),
      240_000,
    );
    readPids();
  }, 300_000);

  afterAll(async () => {
    readPids();
    // Whatever a failed test left running goes, by the pids the script printed.
    if (cluster?.pid && isRunning(cluster.pid)) process.kill(-cluster.pid, 'SIGKILL');
    for (const pid of pids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the app and readiness through HAProxy, spread over the processes', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${LB}/api/health/ready`);
      expect(res.status).toBe(200);
      served.add(res.headers.get('x-served-by') ?? '');
    }
    expect(served.size).toBeGreaterThan(1);
    const page = await fetch(`${LB}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('keeps a live client, over WebSocket or polling, receiving readings within 10 s of its process being killed', async () => {
    const signIn = await fetch(`${LB}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: LB },
      body: JSON.stringify({ email: 'admin@smartcity.local', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { token } = (await (
      await fetch(`${LB}/api/auth/token`, { headers: { Cookie: cookie } })
    ).json()) as { token: string };
    const created = await fetch(`${LB}/api/device-keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: LB, Cookie: cookie },
      body: JSON.stringify({ name: 'cluster test device' }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };

    // A device reports twice a second through the load balancer, whichever process takes it.
    let sending = true;
    const failedPosts: string[] = [];
    const device = (async () => {
      while (sending) {
        const res = await fetch(`${LB}/api/ingest/readings`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
          body: JSON.stringify({ readings: [{ sensorId: SENSOR, value: 40 + Math.random() }] }),
        }).catch((err: unknown) => ({ status: String(err) }));
        if (res.status !== 202 && res.status !== 200) failedPosts.push(String(res.status));
        await sleep(500);
      }
    })();

    const ws = liveClient(token, 'websocket');
    let polling: ReturnType<typeof liveClient> | undefined;
    try {
      await until(
        'readings on the WebSocket client',
        async () => (ws.readings.length > 0 ? true : null),
        10_000,
      );
      // Its process, by the processes' own count of sockets: it is the only client so far.
      const listed = [
        ...output.matchAll(/process p\d+\s+http:\/\/127\.0\.0\.1:(\d+)\s+pid (\d+)/g),
      ];
      expect(listed).toHaveLength(3);
      const holder = await until(
        'the process of the WebSocket client',
        async () => {
          for (const [, port, pid] of listed) {
            const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
            if (/^live_sockets\s+1$/m.test(metrics)) return Number(pid);
          }
          return null;
        },
        5_000,
      );
      polling = liveClient(token, 'polling');
      const pollingClient = polling;
      await until(
        'readings on the polling client',
        async () => (pollingClient.readings.length > 0 ? true : null),
        10_000,
      );
      expect(polling.client.io.engine.transport.name).toBe('polling');

      process.kill(holder, 'SIGKILL');
      const killedAt = Date.now();
      await until(
        'a reading on the WebSocket client after its process was killed',
        async () => (ws.readings.some((at) => at > killedAt + 250) ? true : null),
        10_000,
      );
      // It did lose its process and come back through the load balancer.
      expect(ws.disconnects.filter((at) => at >= killedAt)).not.toHaveLength(0);
      expect(ws.client.connected).toBe(true);
      await until(
        'a reading on the polling client after the kill',
        async () => (polling?.readings.some((at) => at > killedAt + 250) ? true : null),
        10_000,
      );
      // The script starts the killed process again.
      await until(
        'the killed process back',
        async () => (/is back \(pid \d+\)/.test(output) ? true : null),
        60_000,
      );
      readPids();
    } finally {
      sending = false;
      await device;
      ws.client.close();
      polling?.client.close();
    }
    // A killed process loses what it was answering at that instant; the device's retries are its own.
    expect(failedPosts.length).toBeLessThanOrEqual(1);
  }, 120_000);

  it('restarts every process one at a time without failing a request', async () => {
    let sending = true;
    const statuses = new Map<string, number>();
    const load = Array.from({ length: 4 }, async () => {
      while (sending) {
        const status = await fetch(`${LB}/api/cities`)
          .then(async (res) => {
            await res.arrayBuffer();
            return String(res.status);
          })
          .catch((err: unknown) =>
            String((err as { cause?: { code?: string } }).cause?.code ?? err),
          );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    const before = output.split('rolling restart done').length;
    const asked = spawnSync(
      'npm',
      ['run', 'cluster', '--', '--rolling-restart', '--data-dir', dataDir],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    );
    expect(asked.status).toBe(0);
    await until(
      'the rolling restart',
      async () => (output.split('rolling restart done').length > before ? true : null),
      150_000,
    );
    sending = false;
    await Promise.all(load);
    readPids();
    expect(Object.fromEntries(statuses)).toEqual({ '200': expect.any(Number) });
    expect(statuses.get('200')).toBeGreaterThan(100);
  }, 180_000);

  it('stops everything it started on SIGTERM', async () => {
    readPids();
    expect(scriptPid).toBeGreaterThan(0);
    const exited = new Promise<void>((resolve) => cluster.once('exit', () => resolve()));
    process.kill(scriptPid, 'SIGTERM');
    await exited;
    await until(
      'every process gone',
      async () => ([...pids].every((pid) => !isRunning(pid)) ? true : null),
      30_000,
    );
    expect(output).toContain('[cluster] stopped');
    await expect(fetch(`${LB}/api/health/ready`)).rejects.toThrow();
  }, 60_000);
});
