import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const MAIN = path.join(import.meta.dirname, '..', 'main.ts');

/** A real server process (`main.ts`) with its own environment, its output kept for the test. */
export function runServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** A server process as an operator runs it, ready to answer. */
export type ServerProcess = {
  name: string;
  url: string;
  child: ChildProcess;
  /** How it ended, or undefined while it runs. */
  ended: () => string | undefined;
  /** Its output so far, both streams. */
  output: () => string;
  /** The last of its output, named, for a failure message. */
  log: () => string;
};

/** Waits until `check` answers something; fails naming what it waited for and `context()`. */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  context: () => string = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${context()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `main.ts` on a free port of 127.0.0.1 and waits until it says it is ready. */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const { child } = runServerProcess({ PORT: '0', HOST: '127.0.0.1', ...env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let ended: string | undefined;
  child.on('exit', (code, signal) => (ended = `exited with code ${code} (signal ${signal})`));
  const log = () => `--- log of process ${name} (last lines) ---\n${output.slice(-8_000)}`;
  const url = await waitUntil(
    `process ${name} to be ready`,
    () => {
      if (ended) throw new Error(`process ${name} ${ended}\n${log()}`);
      const ready = /\{[^\n]*"msg":"smart city server ready"[^\n]*\}/.exec(output);
      const url = ready && (JSON.parse(ready[0]) as { url: string }).url;
      return url ? url.replace('localhost', '127.0.0.1') : undefined;
    },
    90_000,
    log,
  );
  return { name, url, child, ended: () => ended, output: () => output, log };
}

/** Stops a process the test started, by its own pid, and waits for it to go. */
export async function stopServerProcess(
  server: ServerProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
) {
  if (!server || server.ended()) return;
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  const force = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(force);
}
