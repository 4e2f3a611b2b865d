import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // An alert raised again and again for one sensor and rule (more than
  // CHATTERING_REOPENS_PER_HOUR times in an hour) is a nuisance, flagged as chattering when raised.
  await db.schema
    .alterTable('alerts')
    .addColumn('chattering', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Counting a sensor's and rule's alerts of the last hour reads this index.
  await sql`create index alerts_sensor_rule_created_idx on alerts (sensor_id, rule, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_sensor_rule_created_idx').execute();
  await db.schema.alterTable('alerts').dropColumn('chattering').execute();
}
