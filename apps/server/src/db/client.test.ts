import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/postgres-test-database';
import { withAdmin } from '../test/databases';
import { openDatabase, type DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './connection-loss';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a PostgreSQL connection ended by the server', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let handle: DatabaseHandle;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await createPostgresTestDatabase(adminUrl!);
    handle = await openDatabase({
      kind: 'postgres',
      url: database.url,
      onConnectionLost: (err) => lost.push(err),
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.dispose();
  });

  it('is reported, does not crash the process, and the next query opens a new one', async () => {
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const pid = before.rows[0]!.pid;

    await withAdmin(adminUrl!, (admin) => admin.query('select pg_terminate_backend($1)', [pid]));
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]!.message).toMatch(/terminating connection/);

    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    expect(after.rows[0]!.pid).not.toBe(pid);
  });

  it('survives losing a connection in use: the transaction fails as the database being away', async () => {
    const reported = lost.length;
    const outcome = handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await withAdmin(adminUrl!, (admin) =>
        admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]),
      );
      // Told of its end between two queries, while checked out: the pool's own listener is off
      // then, and an error nobody hears would end the process.
      await expect.poll(() => lost.length).toBe(reported + 1);
      await sql`select 1`.execute(trx);
    });
    const err = await outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);

    const after = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(after.rows[0]!.one).toBe(1);
  });
});
