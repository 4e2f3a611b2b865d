import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';
import { runServerProcess as runMain, waitUntil } from './test/server-process';
import { silentLogger } from './test/test-app';

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smart-city-data-'));
  });
  // A test that fails before its process stops leaves none behind.
  const runs: ReturnType<typeof runMain>[] = [];
  const launch = (env: Record<string, string>) => {
    const started = runMain(env);
    runs.push(started);
    return started;
  };
  afterAll(async () => {
    for (const { child } of runs)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its data across a restart and seeds nothing twice', async () => {
    const nested = path.join(dataDir, 'nested', 'db');
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: nested,
      WEB_DIST_DIR: dataDir,
    });

    const first = await startServer(config, silentLogger);
    const cities = await (await fetch(`${first.url}/api/cities`)).json();
    await first.stop();

    const second = await startServer(config, silentLogger);
    try {
      expect(await (await fetch(`${second.url}/api/cities`)).json()).toEqual(cities);
      expect(
        healthSchema.parse(await (await fetch(`${second.url}/api/health`)).json()).database,
      ).toBe('ok');
    } finally {
      await second.stop();
    }
    // Two starts of a fresh embedded database with its migrations, seed and two weeks of history.
  }, 60_000);

  it('refuses a bad PORT with exit code ≠ 0 and one line naming PORT', async () => {
    const run = launch({ PORT: 'abc', DATA_DIR: dataDir });
    const code = await run.exited;
    expect(code).not.toBe(0);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc")',
    ]);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const run = launch({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'sigterm') });
    await waitUntil(
      'the server to be ready',
      () => run.output().stdout.includes('smart city server ready'),
      30_000,
    );
    const sentAt = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(Date.now() - sentAt).toBeLessThan(10_000);
    expect(run.output().stdout).toContain('stopped');
    // A first start migrates and seeds a new database: under a busy suite that alone nears 30 s.
  }, 60_000);
});
