import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PGliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { format } from 'sql-formatter';
import { migrateAuthSchema } from '../auth/auth';
import { migrateToLatest } from './migrator';
import type { Database } from './schema';
import { seedReferenceData } from './seed';

/**
 * The SQL each repository function sends, written beside the repository as `<name>.repository.sql`
 * (`npm run db:sql`) so a reviewer reads the queries a change makes, not only the code that builds
 * them. Each repository has a `<name>.queries.ts` that calls every one of its functions once with
 * example arguments (and may export a `setup` that makes the data they need, through any
 * repository; its SQL is not recorded); the type `QueryExamples` makes leaving a function out a
 * compile error. The examples run in order on one throwaway embedded database, migrated and seeded,
 * and the SQL is recorded as sent (parameters as `$1`, so the files do not change with the clock).
 */

/** An alert of the seeded Gariahat air sensor raised at `at`, for the examples that need one. */
export const exampleAlert = (at: Date) => ({
  id: 'alert-example',
  sensor_id: 'kolkata-air-quality-gariahat',
  city_key: 'kolkata',
  location: 'Gariahat',
  rule: 'threshold',
  title: 'Unhealthy air quality at Gariahat',
  message: 'AQI 180 (high ≥ 150 AQI)',
  facts: null,
  severity: 'high',
  value: 180,
  in_range_since: null,
  created_at: at,
});

/** Marks a repository export that sends no SQL (a pure helper kept beside its queries). */
export const NO_SQL = 'no SQL';

type Functions<M> = {
  [K in keyof M as M[K] extends (...args: never[]) => unknown ? K : never]: M[K];
};

/** One call of a repository function on the snapshot database. */
type QueryExample = (db: Kysely<Database>) => Promise<unknown>;

/** An example for every function a repository module exports. */
export type QueryExamples<M> = { [K in keyof Functions<M>]: QueryExample | typeof NO_SQL };

const SOURCE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** The files under src/ whose names end in `suffix`, in a fixed order, relative to src/. */
async function filesEnding(suffix: string): Promise<string[]> {
  const files = await readdir(SOURCE_DIR, { recursive: true });
  return files
    .filter((f) => f.endsWith(suffix))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The examples files under src/, relative to src/. */
export const examplesFiles = () => filesEnding('.queries.ts');

/** Every repository under src/, relative to src/. */
export const repositoryFiles = () => filesEnding('.repository.ts');

/** The snapshot file of an examples file: `features/x/x.queries.ts` → `features/x/x.repository.sql`. */
export const snapshotFileOf = (examplesFile: string) =>
  path.join(SOURCE_DIR, examplesFile.replace(/\.queries\.ts$/, '.repository.sql'));

function readable(text: string): string {
  try {
    return format(text, {
      language: 'postgresql',
      keywordCase: 'lower',
      tabWidth: 2,
      expressionWidth: 90,
    });
  } catch {
    // A statement the formatter does not know is shown as written.
    return text.trim();
  }
}

/** Whether an examples file's transaction is open (the migrations and seed run before any). */
type FileScope = { insideFile: boolean };

/**
 * Kysely's transactions as savepoints of the transaction an examples file runs in, so the file's
 * writes are rolled back when it ends; and the statements a transaction block refuses (a vacuum)
 * recorded without being run: the snapshot is of what is sent, and a vacuum changes no data.
 */
class SavepointDriver implements Driver {
  #connection: DatabaseConnection | undefined;
  #innerConnection: DatabaseConnection | undefined;
  constructor(
    private readonly inner: Driver,
    private readonly pglite: PGlite,
    private readonly scope: FileScope,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#connection) return this.#connection;
    const connection = await this.inner.acquireConnection();
    this.#innerConnection = connection;
    this.#connection = {
      executeQuery: <R>(query: CompiledQuery) =>
        /^\s*vacuum\b/i.test(query.sql)
          ? Promise.resolve({ rows: [] as R[] })
          : connection.executeQuery<R>(query),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    return this.#connection;
  }
  releaseConnection() {
    return this.inner.releaseConnection(this.#innerConnection!);
  }
  destroy() {
    return this.inner.destroy();
  }
  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings) {
    if (this.scope.insideFile) await this.pglite.exec('savepoint example_transaction');
    else await this.inner.beginTransaction(this.#innerConnection!, settings);
  }
  async commitTransaction() {
    if (this.scope.insideFile) await this.pglite.exec('release savepoint example_transaction');
    else await this.inner.commitTransaction(this.#innerConnection!);
  }
  async rollbackTransaction() {
    if (this.scope.insideFile) await this.pglite.exec('rollback to savepoint example_transaction');
    else await this.inner.rollbackTransaction(this.#innerConnection!);
  }
}

class SavepointDialect extends PGliteDialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly scope: FileScope,
  ) {
    super({ pglite });
  }
  override createDriver(): Driver {
    return new SavepointDriver(super.createDriver(), this.pglite, this.scope);
  }
}

/** A database for the snapshots: the embedded one, recording what is sent. */
async function recordingDatabase() {
  const sent: string[] = [];
  const pglite = await PGlite.create();
  const scope: FileScope = { insideFile: false };
  const db = new Kysely<Database>({
    dialect: new SavepointDialect(pglite, scope),
    log: (event) => {
      sent.push(event.query.sql);
    },
  });
  return { db, pglite, scope, sent };
}

/** The text of one examples file's snapshot, its examples run in order on `db`. */
async function snapshotOf(
  file: string,
  { db, pglite, sent }: Awaited<ReturnType<typeof recordingDatabase>>,
): Promise<string> {
  const module = (await import(pathToFileURL(path.join(SOURCE_DIR, file)).href)) as {
    examples: Record<string, QueryExample | typeof NO_SQL>;
    setup?: QueryExample;
  };
  // The data the examples need (an alert to comment on, a booking to charge), not recorded.
  await module.setup?.(db);
  const repository = path.basename(file).replace(/\.queries\.ts$/, '.repository.ts');
  let text = `-- The SQL of ${repository}, as \`npm run db:sql\` records it: do not edit by hand.\n`;
  for (const [name, example] of Object.entries(module.examples)) {
    text += `\n-- ${name}\n`;
    if (example === NO_SQL) {
      text += '-- (sends no SQL)\n';
      continue;
    }
    sent.length = 0;
    let failure: string | null = null;
    // A failing example leaves the file's transaction usable for the next one.
    await pglite.exec('savepoint example');
    try {
      await example(db);
      await pglite.exec('release savepoint example');
    } catch (err) {
      failure = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      await pglite.exec('rollback to savepoint example');
    }
    const statements = [...new Set(sent.map((s) => s.trim()).filter((s) => s.length > 0))];
    for (const statement of statements) text += `${readable(statement)};\n\n`;
    if (failure !== null) text += `-- (the example failed: ${failure})\n`;
    text = `${text.trimEnd()}\n`;
  }
  return text;
}

/**
 * Records the snapshot of each examples file (all of them, or those whose path starts with one of
 * `only`), each in a transaction of its own on one migrated and seeded database, rolled back when
 * the file ends, so a file's examples see the same data however many files run. Keyed by the
 * examples file, relative to src/.
 */
export async function recordQuerySnapshots(only: string[] = []): Promise<Map<string, string>> {
  const database = await recordingDatabase();
  const snapshots = new Map<string, string>();
  try {
    await migrateToLatest(database.db);
    await migrateAuthSchema(database.db);
    await seedReferenceData(database.db);
    const files = (await examplesFiles()).filter(
      (f) => only.length === 0 || only.some((prefix) => f.startsWith(prefix)),
    );
    for (const file of files) {
      await database.pglite.exec('begin');
      database.scope.insideFile = true;
      try {
        snapshots.set(file, await snapshotOf(file, database));
      } finally {
        database.scope.insideFile = false;
        await database.pglite.exec('rollback');
      }
    }
  } finally {
    await database.db.destroy();
  }
  return snapshots;
}
