import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import { resolveAuthSecret } from './auth-secret';

describe.each(testDatabases())('resolveAuthSecret on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  it('uses AUTH_SECRET when set, and stores nothing', async () => {
    const secret = 'a-configured-secret-of-enough-length-1234';
    expect(await resolveAuthSecret(secret, database.db)).toBe(secret);
    expect(await database.db.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
  });

  it('generates a secret once and gives every later caller the same one', async () => {
    const [first, second] = await Promise.all([
      resolveAuthSecret(undefined, database.db),
      resolveAuthSecret(undefined, database.db),
    ]);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(await resolveAuthSecret(undefined, database.db)).toBe(first);
  });
});
