import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // A sensor's value gone past a rule's limit, waiting out the rule's on-delay before it raises an
  // alert: since when, and the worst reading seen (its severity, value, facts and words, which the alert
  // takes when raised). A reading back in range deletes the row; raising the alert too. Few rows
  // at any time, read with the sensors' active alerts.
  await db.schema
    .createTable('alert_pending')
    .addColumn('sensor_id', 'text', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('facts', 'jsonb', (c) => c.notNull())
    .addColumn('worst_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_pending_pk', ['sensor_id', 'rule'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_pending').execute();
}
