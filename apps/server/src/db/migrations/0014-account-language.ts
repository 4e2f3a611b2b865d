import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Null until the person chooses: until then the app follows the browser, e-mails sent in answer
  // to a request are in the language it asked in, and the others in English.
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.check(sql`language in ('en', 'hi', 'bn')`))
    .execute();
  // The language had a place among the notification preferences while English was the only one
  // on offer, so no one chose anything by it: the column is its one home now.
  await sql`
    update users set notification_preferences = notification_preferences - 'language'
    where notification_preferences ? 'language'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
