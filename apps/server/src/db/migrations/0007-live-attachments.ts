import type { Kysely } from 'kysely';

/**
 * The table the Socket.IO PostgreSQL adapter passes large broadcasts through (over NOTIFY's 8000
 * bytes). Created by a migration, like every table, so no process creates it at start-up; databases
 * where an earlier version created it already keep theirs.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('socket_io_attachments')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.defaultTo(db.fn('now')))
    .addColumn('payload', 'bytea')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('socket_io_attachments').ifExists().execute();
}
