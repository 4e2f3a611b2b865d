import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // What the rule found (see alertFactsSchema), from which each reader's words are made. Alerts
  // stored before keep null and are shown with their title and message as written.
  await db.schema.alterTable('alerts').addColumn('facts', 'jsonb').execute();
  // A notification keeps the alert as it was when made: its facts too.
  await db.schema.alterTable('notifications').addColumn('alert_facts', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('alert_facts').execute();
  await db.schema.alterTable('alerts').dropColumn('facts').execute();
}
