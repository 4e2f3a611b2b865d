import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per piece of starter content once it has been given: a restart adds nothing again, and
  // what an admin deletes afterwards stays deleted.
  await db.schema
    .createTable('starter_content')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('starter_content').execute();
}
