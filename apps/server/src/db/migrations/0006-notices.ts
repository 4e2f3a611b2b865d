import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('link_url', 'text')
    // The name shown under the title, kept as it was when published; the id says who it was even
    // after the account is renamed or removed (no foreign key, so removing it keeps the notice).
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The list and the floating card both read the newest notices first.
  await sql`create index notices_created_at_idx on notices (created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notices').execute();
}
