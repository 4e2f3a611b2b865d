import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateAuthSchema } from '../auth/auth';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/client';
import { migrateToLatest } from '../db/migrator';
import { seedReferenceData } from '../db/seed';

export type TestDatabase = {
  kind: DatabaseKind;
  /** A fresh, migrated and seeded database; `dispose` closes it (and drops it on PostgreSQL). */
  create: () => Promise<DatabaseHandle & { dispose: () => Promise<void> }>;
};

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
// CI runs the suite once on PGlite (`npm test`) and once more for PostgreSQL: the second run need not
// repeat the embedded half.
const skipPglite = pgUrl !== undefined && process.env.TEST_PGLITE === 'off';

/** Runs `work` on one connection to the administrative database, with a clear error when it is down. */
export async function withAdmin<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `TEST_DATABASE_URL is set, but PostgreSQL at ${url} does not answer (${(err as Error).message}). ` +
        'Start PostgreSQL or unset TEST_DATABASE_URL to run on the embedded database only.',
      { cause: err },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function prepared(handle: DatabaseHandle, dispose: () => Promise<void>) {
  await migrateToLatest(handle.db);
  await migrateAuthSchema(handle.db);
  await seedReferenceData(handle.db);
  return { ...handle, dispose };
}

/**
 * The databases every integration test runs on: embedded PGlite (unless TEST_PGLITE=off beside
 * TEST_DATABASE_URL), and a real PostgreSQL when TEST_DATABASE_URL is set (each test database is
 * created for the test and dropped after it).
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [];
  if (!skipPglite) {
    list.push({
      kind: 'pglite',
      create: async () => {
        const handle = await openDatabase({ kind: 'pglite', inMemory: true });
        return prepared(handle, handle.close);
      },
    });
  }
  if (pgUrl) {
    list.push({
      kind: 'postgres',
      create: async () => {
        const name = `smartcity_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
        await withAdmin(pgUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
        return prepared(handle, async () => {
          await handle.close();
          await withAdmin(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        });
      },
    });
  }
  return list;
}
