import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PostgreSQL server of a test's own, which it may stop and start as it likes. */
export type PrivatePostgres = {
  /** The `postgres` database as user postgres, over TCP on 127.0.0.1. */
  url: string;
  /** Shuts down the way a restart does (`-m fast`: sessions are ended), once it has stopped. */
  stop: () => Promise<void>;
  /** Starts it again; settles once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it at once and removes its files. */
  dispose: () => Promise<void>;
};

const PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];

/**
 * The folder with PostgreSQL's server programs: the one pg_config names, the PATH, or Debian's and
 * Ubuntu's one folder a major version (their server programs are not on the PATH).
 */
function serverProgramsFolder(): string | undefined {
  const folders: string[] = [];
  try {
    folders.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config: look elsewhere.
  }
  folders.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    folders.push(...versions.map((v) => path.join('/usr/lib/postgresql', v, 'bin')));
  } catch {
    // Not a Debian layout.
  }
  return folders.find((folder) => PROGRAMS.every((p) => existsSync(path.join(folder, p))));
}

/** PostgreSQL refuses to run as root: then it runs as the postgres account, when there is one. */
function accountToRunAs(): { uid: number; gid: number } | undefined | null {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * Why this machine cannot start a private PostgreSQL server, or null when it can. Tests that need
 * one are skipped with this reason rather than failing where PostgreSQL is not installed.
 */
export function privatePostgresMissing(): string | null {
  if (!serverProgramsFolder())
    return `PostgreSQL's server programs (${PROGRAMS.join(', ')}) were not found through pg_config, the PATH or /usr/lib/postgresql/<version>/bin; install the PostgreSQL server to run this test`;
  if (accountToRunAs() === null)
    return 'PostgreSQL refuses to run as root, and there is no postgres account to run it as';
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates a PostgreSQL cluster in a new temporary folder (trust authentication, user postgres) and
 * starts it on a free port of 127.0.0.1. Nothing else uses it, so a test may restart it at will.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const missing = privatePostgresMissing();
  if (missing) throw new Error(missing);
  const bin = serverProgramsFolder()!;
  const account = accountToRunAs() ?? undefined;
  const folder = await mkdtemp(path.join(tmpdir(), 'smartcity-pg-'));
  if (account) await chown(folder, account.uid, account.gid);
  const data = path.join(folder, 'data');
  const log = path.join(folder, 'server.log');
  const port = await freePort();

  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(
        path.join(bin, program),
        args,
        { ...account, cwd: folder, timeout: 90_000 },
        (err, stdout, stderr) => {
          if (!err) return resolve();
          const serverLog = existsSync(log) ? readFileSync(log, 'utf8').slice(-2_000) : '';
          reject(
            new Error(`${program} ${args.join(' ')} failed: ${stderr || stdout}\n${serverLog}`),
          );
        },
      );
    });
  // Durable enough for a test: a fast shutdown still writes everything out.
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories='${folder}'`,
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ');
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
  const pgCtlStop = (mode: 'fast' | 'immediate') =>
    run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);

  // A test run that is interrupted still leaves no server behind.
  const stopOnExit = () => {
    try {
      execFileSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
        ...account,
        stdio: 'ignore',
      });
    } catch {
      // Not running.
    }
  };
  process.once('exit', stopOnExit);

  try {
    await run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-locale',
      '-N',
    ]);
    await start();
  } catch (err) {
    process.off('exit', stopOnExit);
    stopOnExit();
    await rm(folder, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtlStop('fast'),
    start,
    dispose: async () => {
      process.off('exit', stopOnExit);
      await pgCtlStop('immediate').catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}
