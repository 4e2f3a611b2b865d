import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Closes the pool or the embedded database; safe to call twice. */
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** Told when PostgreSQL ends an idle pooled connection (a restart, an administrator). */
      onConnectionLost?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; inMemory: true };

/** Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite. One code path after this. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  let dialect: Dialect;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // Without a listener, a pooled connection that PostgreSQL ends while idle would crash the
    // process; the pool drops it and opens a new one on the next query.
    const { onConnectionLost } = target;
    pool.on('error', (err) => onConnectionLost?.(err));
    dialect = new PostgresDialect({ pool });
  } else {
    const dataDir = 'dataDir' in target ? target.dataDir : undefined;
    // PGlite does not create parent folders itself.
    if (dataDir) await mkdir(dataDir, { recursive: true });
    const pglite = await PGlite.create(dataDir ? { dataDir } : {});
    dialect = new PGliteDialect({ pglite });
  }
  const db = new Kysely<Database>({ dialect });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: target.kind,
    close: () => (closed ??= db.destroy()),
  };
}
