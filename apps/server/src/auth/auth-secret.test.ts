import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret';

describe('resolveAuthSecret', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'smart-city-secret-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('generates a secret once in embedded mode and keeps it in DATA_DIR/auth-secret', async () => {
    const dataDir = path.join(root, 'nested', 'data');
    const config = { authSecret: undefined, databaseUrl: undefined, dataDir };
    const first = await resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'auth-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveAuthSecret(config)).toBe(first);
  });

  it('uses AUTH_SECRET when set, and writes nothing', async () => {
    const dataDir = path.join(root, 'configured');
    const secret = 'a-configured-secret-of-enough-length-1234';
    expect(await resolveAuthSecret({ authSecret: secret, databaseUrl: undefined, dataDir })).toBe(
      secret,
    );
    await expect(stat(path.join(dataDir, 'auth-secret'))).rejects.toThrow();
  });

  it('never writes to DATA_DIR for PostgreSQL', async () => {
    const dataDir = path.join(root, 'postgres');
    const config = { authSecret: undefined, databaseUrl: 'postgres://db/city', dataDir };
    expect((await resolveAuthSecret(config)).length).toBeGreaterThanOrEqual(32);
    await expect(stat(dataDir)).rejects.toThrow();
  });
});
