import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A server of a journey's own, for journeys that stop and start it (the shared one must stay up). */
export type OwnServer = {
  url: string;
  /** Stops the server gracefully (as a deploy does) and starts it again on the same database. */
  restart: () => Promise<void>;
  /** Stops the server and removes its database folder. */
  dispose: () => Promise<void>;
};

const SERVER_ENTRY = path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'main.ts');
const IMPORT_ENTRY = path.join(
  import.meta.dirname,
  '..',
  'apps',
  'server',
  'src',
  'sensors-import-cli.ts',
);

/** Adds the sensors of a JSON file to the registry in `dataDir`, as `npm run sensors:import` does. */
function importSensors(dataDir: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', IMPORT_ENTRY, file], {
      cwd: import.meta.dirname,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`importing sensors exited with ${code}`)),
    );
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The port of a journey's own server (one runs at a time: the journeys run one after another). */
export const OWN_SERVER_PORT = Number(process.env.E2E_OWN_PORT ?? 3998);

/**
 * Starts the production server on `port` with a fresh embedded database and no simulator, so that
 * every alert the journey sees is one it raised. `sensorsFile` (a JSON array of sensors) is
 * imported into the registry first, as a city imports its devices; `env` adds settings.
 */
export async function startOwnServer(
  port: number,
  options: { sensorsFile?: string; env?: Record<string, string> } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-city-e2e-own-'));
  if (options.sensorsFile) await importSensors(dataDir, options.sensorsFile);
  const url = `http://127.0.0.1:${port}`;
  const start = async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: import.meta.dirname,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SIMULATOR: 'off',
        LOG_LEVEL: 'warn',
        // As the journeys' main server: a reading out of range raises its alert at once.
        ALERT_ON_DELAY: 'off',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(url, child, 60_000);
    return child;
  };
  let child = await start();
  return {
    url,
    async restart() {
      await stop(child);
      child = await start();
    },
    async dispose() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
