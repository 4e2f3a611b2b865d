import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** A column of a table as the database's catalogue describes it, with the notes left on both. */
export type CatalogColumn = {
  table: string;
  column: string;
  /** The type as `format_type` spells it (`timestamp with time zone`, `text[]`). */
  type: string;
  nullable: boolean;
  /** Has a default or is an identity column: a write may leave it out. */
  generated: boolean;
  tableNote: string | null;
  note: string | null;
};

/** Every column of the public schema's tables, partitions left out (their parent stands for them). */
export async function catalogColumns(db: Kysely<Database>): Promise<CatalogColumn[]> {
  const { rows } = await sql<CatalogColumn>`
    select c.relname as "table", a.attname as "column",
      format_type(a.atttypid, a.atttypmod) as "type",
      not a.attnotnull as "nullable",
      (a.atthasdef or a.attidentity <> '') as "generated",
      obj_description(c.oid, 'pg_class') as "tableNote",
      col_description(c.oid, a.attnum) as "note"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  return rows;
}
