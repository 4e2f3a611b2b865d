import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { startServer, type RunningServer } from '../../server';
import { databaseUrl, withAdmin } from '../../test/databases';
import { silentLogger } from '../../test/test-app';
import { SharedSettingsError } from './shared-settings';

const adminUrl = process.env.TEST_DATABASE_URL;
const MAIN = path.join(import.meta.dirname, '..', '..', 'main.ts');
const SECRET = 'kP3vX9qL2mT7wR4nB8sD1fG6hJ0cV5zY';
const OTHER_SECRET = 'Qe7Ua2Wi9Ro4Ty1Pz6Xc3Vb8Nm5Lk0Hj';

describe.skipIf(!adminUrl)('processes sharing one PostgreSQL database', () => {
  const name = `cluster_settings_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let url: string;
  let dir: string;
  let database: DatabaseHandle;
  const running: RunningServer[] = [];

  beforeAll(async () => {
    await withAdmin(adminUrl!, (c) => c.query(`CREATE DATABASE "${name}"`));
    url = databaseUrl(adminUrl!, name);
    dir = await mkdtemp(path.join(tmpdir(), 'smart-city-cluster-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
  });
  afterAll(async () => {
    await database?.close();
    await withAdmin(adminUrl!, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await rm(dir, { recursive: true, force: true });
  });

  function configOf(env: Record<string, string> = {}) {
    return loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      LIVE_ADAPTER: 'postgres',
      AUTH_SECRET: SECRET,
      PUBLIC_URL: 'https://city.example.org',
      TRUST_PROXY: '1',
      LEDGER_KEY_FILE: path.join(dir, 'ledger.pem'),
      DATA_DIR: dir,
      WEB_DIST_DIR: dir,
      ...env,
    });
  }

  async function start(env: Record<string, string> = {}) {
    const server = await startServer(configOf(env), silentLogger);
    running.push(server);
    return server;
  }

  async function ready(server: RunningServer) {
    return (await fetch(`${server.url}/api/health/ready`)).status;
  }

  /** The error a process started with `env` stops with. */
  function refusal(env: Record<string, string>): Promise<Error> {
    return startServer(configOf(env), silentLogger).then(
      (server) => {
        running.push(server);
        throw new Error('the process started');
      },
      (e: unknown) => e as Error,
    );
  }

  it('starts a second process with the same settings', async () => {
    const first = await start();
    const second = await start();
    expect([await ready(first), await ready(second)]).toEqual([200, 200]);
  });

  it('stops a process whose AUTH_SECRET differs, naming the setting and never the secret', async () => {
    const first = await start();
    const err = await refusal({ AUTH_SECRET: OTHER_SECRET });
    expect(err).toBeInstanceOf(SharedSettingsError);
    expect(err.message).toMatch(/^This process's shared settings differ from those of the process/);
    expect(err.message).toContain('  - AUTH_SECRET: differs from the other processes');
    expect(err.message).toContain('start this one with the same values');
    expect(err.message).toContain('stop every process and start them again with the new value');
    expect(err.message).not.toContain(OTHER_SECRET);
    expect(err.message).not.toContain(SECRET);
    // The running process is undisturbed.
    expect(await ready(first)).toBe(200);
  });

  it('shows both values of a setting that is not secret, and every differing one', async () => {
    await start();
    const err = await refusal({ PUBLIC_URL: 'https://other.example.org', TRUST_PROXY: '0' });
    expect(err.message).toContain(
      '  - PUBLIC_URL: "https://other.example.org" here, "https://city.example.org" on the other processes',
    );
    expect(err.message).toContain('  - TRUST_PROXY: "0" here, "1" on the other processes');
  });

  it('says when AUTH_SECRET is set on one side only', async () => {
    await start();
    const err = await refusal({ AUTH_SECRET: '' });
    expect(err.message).toContain(
      '  - AUTH_SECRET: unset here (the secret kept in the database), but the other processes are given AUTH_SECRET',
    );
  });

  it('refuses a live adapter that keeps events inside one process', async () => {
    await start();
    const err = await refusal({ LIVE_ADAPTER: 'memory' });
    expect(err.message).toContain(
      '  - LIVE_ADAPTER: "memory" here, "postgres" on the other processes',
    );
  });

  it('stops a process without the ledger key, saying where the running processes keep it', async () => {
    await start();
    const missing = path.join(dir, 'elsewhere', 'ledger.pem');
    const err = await refusal({ LEDGER_KEY_FILE: missing });
    expect(err.name).toBe('LedgerKeyError');
    expect(err.message).toContain(`but its key file ${missing} is missing`);
    expect(err.message).toContain(
      `copy the key file of a running process (${hostname()}: ${path.join(dir, 'ledger.pem')}) to ${missing} with mode 0600, or set LEDGER_KEY_FILE to such a copy`,
    );
  });

  it('takes new values on a full restart: once the others have stopped, the newcomer records its own', async () => {
    const first = await start();
    await first.stop();
    running.splice(running.indexOf(first), 1);
    const changed = await start({ AUTH_SECRET: OTHER_SECRET });
    expect(await ready(changed)).toBe(200);
    // And from then on the new value is the one that must be shared.
    const err = await refusal({ AUTH_SECRET: SECRET });
    expect(err).toBeInstanceOf(SharedSettingsError);
  });

  it('takes a process silent for longer than 20 s as stopped', async () => {
    database ??= await openDatabase({ kind: 'postgres', url });
    await database.db
      .insertInto('server_processes')
      .values({
        id: 'crashed',
        host: 'elsewhere',
        pid: 1,
        port: 3001,
        ledger_key_file: '/keys/ledger.pem',
        seen_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const server = await start({ PUBLIC_URL: 'https://new.example.org' });
    expect(await ready(server)).toBe(200);
    const left = await database.db.selectFrom('server_processes').select('id').execute();
    expect(left.map((row) => row.id)).not.toContain('crashed');
  });

  it('exits with code 78 and the reason on stderr when started as a process', async () => {
    await start();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        LIVE_ADAPTER: 'postgres',
        AUTH_SECRET: SECRET,
        PUBLIC_URL: 'https://city.example.org',
        TRUST_PROXY: '2',
        LEDGER_KEY_FILE: path.join(dir, 'ledger.pem'),
        DATA_DIR: dir,
        WEB_DIST_DIR: dir,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('  - TRUST_PROXY: "2" here, "1" on the other processes');
  });
});
