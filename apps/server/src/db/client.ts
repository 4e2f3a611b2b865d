import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { POOL_OPTIONS, reportLostConnections } from './connection-loss';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The pool's connections (PostgreSQL); null for the embedded database, which has none. */
  poolStats: () => { total: number; idle: number; waiting: number } | null;
  /** Closes the pool or the embedded database; safe to call twice. */
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** Told when PostgreSQL ends a pooled connection, idle or in use (a restart, an administrator). */
      onConnectionLost?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  | {
      kind: 'pglite';
      inMemory: true;
      /** A data directory from PGlite's `dumpDataDir` to start from, instead of an empty database. */
      loadDataDir?: Blob | undefined;
    };

/** Told of every query: how long it took and whether it failed (for the metrics). */
export type QueryObserver = (durationMs: number, failed: boolean) => void;

/** Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite. One code path after this. */
export async function openDatabase(
  target: DatabaseTarget,
  observeQuery?: QueryObserver,
): Promise<DatabaseHandle> {
  let dialect: Dialect;
  let poolStats: DatabaseHandle['poolStats'] = () => null;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, ...POOL_OPTIONS });
    poolStats = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    // The pool drops a lost connection and opens a new one on the next query; the query that was
    // using it fails, and the API answers it with a 503 (http/errors.ts).
    const { onConnectionLost } = target;
    reportLostConnections(pool, (err) => onConnectionLost?.(err));
    dialect = new PostgresDialect({ pool });
  } else {
    const dataDir = 'dataDir' in target ? target.dataDir : undefined;
    // PGlite does not create parent folders itself.
    if (dataDir) await mkdir(dataDir, { recursive: true });
    const loadDataDir = 'loadDataDir' in target ? target.loadDataDir : undefined;
    const pglite = await PGlite.create(dataDir ? { dataDir } : loadDataDir ? { loadDataDir } : {});
    dialect = new PGliteDialect({ pglite });
  }
  const db = new Kysely<Database>({
    dialect,
    ...(observeQuery && {
      log: (event) => observeQuery(event.queryDurationMillis, event.level === 'error'),
    }),
  });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: target.kind,
    poolStats,
    close: () => (closed ??= db.destroy()),
  };
}
