import { spawn } from 'node:child_process';
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
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    /** The URL it serves once it has said it is ready. */
    async ready(timeoutMs = 60_000): Promise<string> {
      await waitFor(
        () => stdout.includes('smart city server ready'),
        timeoutMs,
        () => stderr,
      );
      const line = stdout.split('\n').find((l) => l.includes('smart city server ready'))!;
      return (JSON.parse(line) as { url: string }).url;
    },
  };
}

export type ServerProcess = ReturnType<typeof runServerProcess>;

/** Waits until `check` holds, polling; fails naming what the process said when it never does. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  said: () => string = () => '',
) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms ${said()}`.trim());
    await new Promise((r) => setTimeout(r, 100));
  }
}
