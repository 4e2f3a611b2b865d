// Runs the platform as several server processes over one PostgreSQL, behind HAProxy:
//   npm run cluster -- --processes 3 [--port 3000] [--host 0.0.0.0] [--database-url postgres://…]
//                      [--data-dir data/cluster] [--demo]
//   npm run cluster -- --rolling-restart    (restarts the processes of the running cluster one by one)
// See docs/deploy/several-processes.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_MAX_CONNECTIONS, haproxyConfig, type Backend } from './lib/haproxy-config';
import { haproxyCommand, serverStates } from './lib/haproxy-runtime';
import { ensureWebBuild, viteBuild, webInputsHash } from './lib/web-build';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');
const BACKEND = 'processes';
/** The server's exit code for a setting to correct: starting it again would fail the same way. */
const EXIT_CONFIG = 78;

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '0.0.0.0' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join('data', 'cluster') },
    demo: { type: 'boolean', default: false },
    'rolling-restart': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    fail(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  return n;
}

if (args.help) {
  console.log(
    'npm run cluster -- [--processes N] [--port P] [--host H] [--database-url URL] [--data-dir DIR] [--demo]\n' +
      'npm run cluster -- --rolling-restart [--data-dir DIR]\n' +
      'See docs/deploy/several-processes.md.',
  );
  process.exit(0);
}

const dataDir = path.resolve(args['data-dir']);
const pidFile = path.join(dataDir, 'cluster.pid');

if (args['rolling-restart']) {
  // The running cluster restarts on SIGHUP; this only finds it and asks.
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
  if (!pid) fail(`No cluster is running with its data in ${dataDir} (no ${pidFile}).`);
  try {
    process.kill(pid, 'SIGHUP');
  } catch {
    fail(`The cluster of ${pidFile} (pid ${pid}) is not running.`);
  }
  console.log(
    `Asked the cluster (pid ${pid}) for a rolling restart; it reports in its own output.`,
  );
  process.exit(0);
}

const count = wholeNumber('processes', args.processes, 1, 32);
const lbPort = wholeNumber('port', args.port, 1, 65535 - count);
const databaseUrl =
  args['database-url'] ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/smartcity_cluster';

if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).error) {
  fail(
    'HAProxy is not installed (no "haproxy" on PATH). On Debian or Ubuntu: sudo apt-get install -y haproxy\n' +
      '(the cluster runs it as a plain process with a configuration of its own; the system service is not used).',
  );
}

/** Creates the cluster's database when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) fail(`The database URL names no database: ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    fail(`PostgreSQL at ${target.host} does not answer (${(err as Error).message}).`);
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`Created database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

/** A secret kept in the data folder, made on first use, so a restarted cluster keeps its sessions. */
async function keptSecret(file: string): Promise<string> {
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

type ServerProcess = Backend & { child: ChildProcess | null; expectedExit: boolean };

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${lbPort}`;
let stopping = false;
let restarting = false;
let haproxy: ChildProcess | null = null;
let runDir = '';
const processes: ServerProcess[] = Array.from({ length: count }, (_, i) => ({
  name: `p${i + 1}`,
  port: lbPort + i + 1,
  child: null,
  expectedExit: false,
}));

function prefixLines(stream: NodeJS.ReadableStream | null, label: string, to: NodeJS.WriteStream) {
  let pending = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`[${label}] ${line}\n`);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function httpStatus(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return null;
  }
}

let sharedEnv: Record<string, string> = {};

/** Starts one server process and resolves once it answers ready on its own port. */
async function startProcess(p: ServerProcess): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...sharedEnv,
      PORT: String(p.port),
      HOST: '127.0.0.1',
      // A process started again in its place takes up the MQTT readings the broker kept for it.
      ...(process.env.MQTT_URL ? { MQTT_CLIENT_ID: `smartcity-cluster-${p.name}` } : {}),
      // With --demo one process runs the simulator (unless SIMULATOR=off says none should): each
      // would otherwise add its own readings.
      ...(args.demo
        ? { SIMULATOR: p === processes[0] && process.env.SIMULATOR !== 'off' ? 'on' : 'off' }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.child = child;
  p.expectedExit = false;
  prefixLines(child.stdout, p.name, process.stdout);
  prefixLines(child.stderr, p.name, process.stderr);
  child.once('exit', (code, signal) => {
    if (p.child === child) p.child = null;
    if (stopping || p.expectedExit) return;
    console.error(`[cluster] ${p.name} (pid ${child.pid}) exited with ${signal ?? `code ${code}`}`);
    if (code === EXIT_CONFIG) {
      console.error(`[cluster] ${p.name} refused its settings (above); it is not started again.`);
      return;
    }
    // Started again after a moment, as a service manager would.
    setTimeout(() => {
      if (stopping || p.child) return;
      console.log(`[cluster] starting ${p.name} again`);
      startProcess(p).then(
        () => console.log(`[cluster] ${p.name} is back (pid ${p.child?.pid})`),
        (err: unknown) => console.error(`[cluster] ${p.name} did not come back: ${String(err)}`),
      );
    }, 1_000);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (p.child !== child) throw new Error(`${p.name} exited while starting`);
    if ((await httpStatus(`http://127.0.0.1:${p.port}/api/health/ready`)) === 200) return;
    await sleep(250);
  }
  throw new Error(`${p.name} was not ready within 120 s`);
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
async function stopChild(child: ChildProcess | null, graceMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => {});
  stopping = true;
  console.log('[cluster] stopping');
  await Promise.all([
    ...processes.map((p) => stopChild(p.child, 15_000)),
    stopChild(haproxy, 5_000),
  ]);
  if (runDir) await rm(runDir, { recursive: true, force: true });
  await rm(pidFile, { force: true });
  console.log('[cluster] stopped');
  process.exit(code);
}

async function waitForState(name: string, wanted: (status: string) => boolean, timeoutMs: number) {
  const socket = path.join(runDir, 'haproxy.sock');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = (await serverStates(socket, BACKEND)).get(name);
    if (state && wanted(state.status)) return state;
    await sleep(200);
  }
  throw new Error(`HAProxy did not see ${name} as wanted within ${timeoutMs} ms`);
}

/**
 * Restarts the processes one at a time, each taken out of HAProxy first (so no request is sent to
 * it while it stops), started again, and put back once HAProxy's own checks see it up.
 */
async function rollingRestart(): Promise<void> {
  if (restarting || stopping) return;
  restarting = true;
  const socket = path.join(runDir, 'haproxy.sock');
  try {
    console.log('[cluster] rolling restart: building the web app if its sources changed');
    await buildWebApp();
    for (const p of processes) {
      console.log(`[cluster] rolling restart: ${p.name}`);
      await haproxyCommand(socket, `set server ${BACKEND}/${p.name} state maint`);
      await waitForState(p.name, (s) => s.startsWith('MAINT'), 10_000);
      // Requests already sent to it finish; the process ends its live connections as it stops.
      p.expectedExit = true;
      await stopChild(p.child, 15_000);
      await startProcess(p);
      await haproxyCommand(socket, `set server ${BACKEND}/${p.name} state ready`);
      await waitForState(p.name, (s) => s === 'UP', 30_000);
      console.log(`[cluster] rolling restart: ${p.name} is back (pid ${p.child?.pid})`);
    }
    console.log('[cluster] rolling restart done');
  } catch (err) {
    console.error(`[cluster] rolling restart failed: ${String(err)}`);
  } finally {
    restarting = false;
  }
}

/**
 * The connections HAProxy can hold on this machine: two descriptors each, within the hard file limit
 * it may raise itself to (DEFAULT_MAX_CONNECTIONS where the limit allows; a system with a lower one
 * says so at start rather than HAProxy refusing to run).
 */
function haproxyMaxConnections(): number {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = hard === 'unlimited' ? Infinity : Number(hard);
  if (!Number.isFinite(limit) || limit <= 0) return DEFAULT_MAX_CONNECTIONS;
  const fits = Math.floor((limit - 100) / 2);
  if (fits < DEFAULT_MAX_CONNECTIONS)
    console.log(
      `[cluster] the file limit (${limit}) lets HAProxy hold ${fits} connections at once; raise it (ulimit -Hn) for more`,
    );
  return Math.min(DEFAULT_MAX_CONNECTIONS, fits);
}

async function buildWebApp(): Promise<void> {
  const webDir = path.join(REPO_ROOT, 'apps', 'web');
  const outcome = await ensureWebBuild({
    webDir,
    inputs: await webInputsHash(REPO_ROOT),
    build: (outDir) => viteBuild(webDir, outDir),
  });
  console.log(
    outcome.built
      ? `[cluster] web app built (builds/${outcome.name})`
      : '[cluster] web app is current',
  );
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void rollingRestart());

try {
  await mkdir(dataDir, { recursive: true });
  if (existsSync(pidFile)) {
    const other = Number((await readFile(pidFile, 'utf8')).trim());
    let alive = false;
    try {
      process.kill(other, 0);
      alive = other !== process.pid;
    } catch {
      // Not running: a cluster that was killed left its file.
    }
    if (alive) fail(`A cluster already runs with its data in ${dataDir} (pid ${other}).`);
  }
  await writeFile(pidFile, `${process.pid}\n`);
  await ensureDatabase(databaseUrl);
  sharedEnv = {
    DATABASE_URL: databaseUrl,
    // PostgreSQL carries live events unless the environment names Redis (with REDIS_URL).
    LIVE_ADAPTER: process.env.LIVE_ADAPTER === 'redis' ? 'redis' : 'postgres',
    AUTH_SECRET: process.env.AUTH_SECRET ?? (await keptSecret(path.join(dataDir, 'auth-secret'))),
    LEDGER_KEY_FILE: process.env.LEDGER_KEY_FILE ?? path.join(dataDir, 'ledger-ed25519.pem'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(args.demo ? { DEMO_ACCOUNTS: 'on' } : {}),
  };
  await buildWebApp();

  // The first process migrates and seeds a new database alone; the others then join it.
  const [first, ...rest] = processes;
  await startProcess(first!);
  await Promise.all(rest.map((p) => startProcess(p)));

  runDir = await mkdtemp(path.join(tmpdir(), 'smart-city-cluster-'));
  const configFile = path.join(runDir, 'haproxy.cfg');
  await writeFile(
    configFile,
    haproxyConfig({
      bind: args.host,
      port: lbPort,
      backends: processes,
      statsSocket: path.join(runDir, 'haproxy.sock'),
      maxConnections: haproxyMaxConnections(),
    }),
  );
  haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  prefixLines(haproxy.stdout, 'haproxy', process.stdout);
  prefixLines(haproxy.stderr, 'haproxy', process.stderr);
  haproxy.once('exit', (code, signal) => {
    // Ctrl-C reaches HAProxy too, and may end it before this process has heard of it.
    setTimeout(() => {
      if (stopping) return;
      console.error(`[cluster] HAProxy exited with ${signal ?? `code ${code}`}; stopping`);
      void stopAll(1);
    }, 500);
  });
  const deadline = Date.now() + 30_000;
  while ((await httpStatus(`http://127.0.0.1:${lbPort}/api/health/ready`)) !== 200) {
    if (Date.now() > deadline) throw new Error('the load balancer did not answer within 30 s');
    await sleep(250);
  }

  const shownHost = args.host === '0.0.0.0' ? 'localhost' : args.host;
  console.log(`
Smart City cluster ready: http://${shownHost}:${lbPort}
  load balancer  HAProxy          pid ${haproxy.pid}  (config ${configFile})
${processes.map((p) => `  process ${p.name}     http://127.0.0.1:${p.port}  pid ${p.child?.pid}`).join('\n')}
  database       ${new URL(databaseUrl).pathname.slice(1)} on ${new URL(databaseUrl).host}
Ctrl-C stops everything. Rolling restart: npm run cluster -- --rolling-restart (or kill -HUP ${process.pid}).
`);
} catch (err) {
  console.error(`[cluster] could not start: ${err instanceof Error ? err.message : String(err)}`);
  await stopAll(1);
}
