import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { migrateAuthSchema } from '../auth/auth';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db/client';
import { migrateToLatest } from '../db/migrator';
import { seedReferenceData } from '../db/seed';
import { moveReadingsIntoPartitions } from '../features/readings/partition-move';

export type TestDatabase = {
  kind: DatabaseKind;
  /**
   * A fresh, migrated and seeded database; `dispose` closes it (and drops it on PostgreSQL). On
   * PostgreSQL `url` lets a test open a second pool, as a second server process would.
   */
  create: (options?: {
    /** An empty database, not migrated (a test that migrates it itself). */
    empty?: boolean;
  }) => Promise<DatabaseHandle & { dispose: () => Promise<void>; url?: string }>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an embedded database that is migrated and seeded, built once per run. */
    pgliteSnapshotFile?: string;
    /** The run whose PostgreSQL template, migrated and seeded once, test databases are copied from. */
    postgresRun?: string;
    /** Set when the code may have changed since those were built (a rerun in watch mode). */
    testDatabasesMayLag?: boolean;
  }
}

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
// CI runs the suite once on PGlite (`npm test`) and once more for PostgreSQL: the second run need not
// repeat the embedded half.
const skipPglite = pgUrl !== undefined && process.env.TEST_PGLITE === 'off';

/** Which databases a run tests on; the global setup builds exactly these. */
export const testDatabaseTargets = { pglite: !skipPglite, postgresUrl: pgUrl };

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

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database a run migrates and seeds once, and copies for each test. */
export function templateDatabaseName(run: string): string {
  return `smartcity_template_${run}`;
}

/**
 * The first part of the name of every test database copied for `run`: a later run drops those of a
 * run that was killed before it could.
 */
export function testDatabasePrefix(run: string): string {
  return `smartcity_test_${run}_`;
}

/** Brings an empty database to the state every test starts from. */
export async function prepareTestDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  await moveReadingsIntoPartitions(handle.db, pino({ level: 'silent' }));
  await migrateAuthSchema(handle.db);
  await seedReferenceData(handle.db);
}

/**
 * The snapshot the global setup left for this run, if any. Read once per worker; a missing file (the
 * run's setup already torn down, or a file started by hand) means building the database instead.
 */
let snapshot: Promise<Blob | undefined> | undefined;
function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshotFile');
  snapshot ??= file
    ? readFile(file).then(
        (bytes) => new Blob([bytes]),
        () => undefined,
      )
    : Promise.resolve(undefined);
  return snapshot;
}

async function createPglite(options?: { empty?: boolean }) {
  const loadDataDir = options?.empty ? undefined : await pgliteSnapshot();
  const handle = await openDatabase({ kind: 'pglite', inMemory: true, loadDataDir });
  try {
    if (!options?.empty && (!loadDataDir || inject('testDatabasesMayLag')))
      await prepareTestDatabase(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return { ...handle, dispose: handle.close };
}

async function createPostgres(adminUrl: string, options?: { empty?: boolean }) {
  const run = inject('postgresRun');
  const template = !options?.empty && run && templateDatabaseName(run);
  const name = `${testDatabasePrefix(run ?? String(Date.now()))}${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) =>
    c.query(
      template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`,
    ),
  );
  const drop = () =>
    withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name) });
  try {
    if (!options?.empty && (!template || inject('testDatabasesMayLag')))
      await prepareTestDatabase(handle);
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
  return {
    ...handle,
    /** For tests that open a second connection pool, as another server process would. */
    url: databaseUrl(adminUrl, name),
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * The databases every integration test runs on: embedded PGlite (unless TEST_PGLITE=off beside
 * TEST_DATABASE_URL), and a real PostgreSQL when TEST_DATABASE_URL is set (each test database is
 * created for the test and dropped after it). Each starts as a copy of a database the global setup
 * migrated and seeded once for the run; without that setup, each is migrated and seeded on its own.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [];
  if (testDatabaseTargets.pglite) list.push({ kind: 'pglite', create: createPglite });
  if (pgUrl) list.push({ kind: 'postgres', create: (options) => createPostgres(pgUrl, options) });
  return list;
}
