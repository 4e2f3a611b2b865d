/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The processes serving the database and the settings they must share: each process announces
 * itself and keeps its row fresh, and one joining compares its settings' fingerprints (hashes,
 * never the values of secrets) with those recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('ledger_key_file', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('shared_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    // The value itself for settings that are not secret, so a refusal can show both sides.
    .addColumn('shown', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shared_settings').execute();
  await db.schema.dropTable('server_processes').execute();
}
