import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Tables that a refused request may still rightly write: sessions and sign-in failures (a wrong
 * password is refused and counted), secrets made on first use, and the migrators' bookkeeping.
 */
const CHANGING_TABLES = new Set([
  'auth_session',
  'sign_in_failures',
  'server_secrets',
  'auth_verification',
  'auth_jwks',
  'schema_migrations',
  'schema_migrations_lock',
]);

const tablesOf = new WeakMap<Kysely<Database>, Promise<string[]>>();

function dataTables(db: Kysely<Database>): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`
      .execute(db)
      .then(({ rows }) => rows.map((row) => row.name).filter((name) => !CHANGING_TABLES.has(name)));
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * A fingerprint of every table the platform stores data in (new features' tables included, found
 * at run time): each table's row count and newest row version. Any insert, update or delete
 * changes one of them, even an update that writes the same values; so a test can prove that a
 * refused request wrote nothing, cheaply enough to check around every request.
 */
export async function storedDataFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await dataTables(db);
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*)::text || '@' || coalesce(max(xmin::text::bigint), 0)::text as mark from ${sql.table(name)}`,
  );
  const { rows } = await sql<{
    name: string;
    mark: string;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.mark]));
}
