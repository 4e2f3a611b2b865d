import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import type { Database } from '../db/schema';
import {
  databaseUrl,
  prepareTestDatabase,
  templateDatabaseName,
  testDatabasePrefix,
  testDatabaseTargets,
} from './databases';

/** Migrates and seeds an embedded database once and writes it out for every test file to load. */
async function buildPgliteSnapshot(folder: string): Promise<string> {
  const pglite = await PGlite.create();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await prepareTestDatabase({ db, kind: 'pglite', poolStats: () => null, close: async () => {} });
    // Loading then starts from a checkpoint instead of replaying the whole build from the WAL.
    await sql`checkpoint`.execute(db);
    // Uncompressed: each test file loads it, and unpacking costs more than reading the larger file.
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(folder, 'pglite.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await db.destroy();
  }
}

const TEMPLATE_PREFIX = templateDatabaseName('');
const lockQuery = (fn: string) => `SELECT ${fn}(hashtextextended($1, 0)) AS locked`;

/** Drops the template of `run` and any test database copied from it. */
async function dropRunDatabases(admin: pg.Client, run: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)',
    [templateDatabaseName(run), testDatabasePrefix(run)],
  );
  for (const { datname } of rows) {
    // PostgreSQL drops no database marked as a template.
    if (datname === templateDatabaseName(run)) {
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
    }
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

/**
 * Drops what runs killed before their teardown left behind. A run holds a lock named after its
 * template while it lives, and PostgreSQL releases it when the run's connection goes, so a lock that
 * can be taken marks a template nobody uses, whichever machine made it.
 */
async function dropAbandonedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [TEMPLATE_PREFIX],
  );
  for (const { datname } of rows) {
    const free = await admin.query<{ locked: boolean }>(lockQuery('pg_try_advisory_lock'), [
      datname,
    ]);
    if (!free.rows[0]!.locked) continue;
    try {
      await dropRunDatabases(admin, datname.slice(TEMPLATE_PREFIX.length));
    } finally {
      await admin.query(lockQuery('pg_advisory_unlock'), [datname]);
    }
  }
}

/**
 * Migrates and seeds a PostgreSQL database once, to be copied by `CREATE DATABASE … TEMPLATE`. Its
 * name is unique to the run, so runs sharing a server (parallel CI jobs) never touch each other's.
 * Returns the run and a function that drops its databases and lets go of its lock.
 */
async function buildPostgresTemplate(adminUrl: string) {
  const run = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const template = templateDatabaseName(run);
  // Held for the whole run on its own connection: the lock says the run is alive.
  const owner = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  owner.on('error', () => {});
  await owner.connect();
  const release = async () => {
    try {
      await dropRunDatabases(owner, run);
    } finally {
      await owner.end();
    }
  };
  try {
    await owner.query(lockQuery('pg_advisory_lock'), [template]);
    await dropAbandonedRuns(owner);
    await owner.query(`CREATE DATABASE "${template}"`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) });
    try {
      await prepareTestDatabase(handle);
    } finally {
      // PostgreSQL refuses to copy a database while anyone is connected to it.
      await handle.close();
    }
    // Refusing connections keeps a stray one from failing every copy made while it lasts.
    await owner.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (err) {
    await release().catch(() => {});
    throw err;
  }
  return { run, release };
}

/**
 * Builds the databases the tests start from once per run, from the code being tested, so a new
 * migration is always in them; each test file then copies one instead of migrating its own.
 */
export default async function setup(project: TestProject) {
  const { pglite, postgresUrl } = testDatabaseTargets;
  let folder: string | undefined;
  let releaseTemplate: (() => Promise<void>) | undefined;

  // A build that fails provides nothing: each test file then builds its own database and reports the
  // failure itself (PostgreSQL down, a broken migration) while tests that need no database still run.
  await Promise.all([
    pglite &&
      mkdtemp(path.join(tmpdir(), 'smartcity-test-db-'))
        .then((created) => {
          folder = created;
          // An interrupted run exits without its teardown; the folder still goes.
          process.once('exit', () => rmSync(created, { recursive: true, force: true }));
          return buildPgliteSnapshot(created);
        })
        .then(
          (file) => project.provide('pgliteSnapshotFile', file),
          () => {},
        ),
    postgresUrl &&
      buildPostgresTemplate(postgresUrl).then(
        ({ run, release }) => {
          releaseTemplate = release;
          project.provide('postgresRun', run);
        },
        () => {},
      ),
  ]);

  // A rebuild for a rerun in watch mode would run the modules loaded for the first run, which do not
  // follow edits; instead each copy brings itself up to date with the code its test file loads.
  project.onTestsRerun(() => project.provide('testDatabasesMayLag', true));

  return async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
    await releaseTemplate?.();
  };
}
