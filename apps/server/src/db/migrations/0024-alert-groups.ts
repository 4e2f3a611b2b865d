/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * Alarm floods: alerts of one kind (sensor type and rule) raised together in one city join one
 * group, handled as one. A city has at most one active group of a kind; its first alert leads it
 * (the escalation policies fire for the leader only, so a flood notifies once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key'))
    .addColumn('sensor_type', 'text')
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'acknowledged', 'resolved')`),
    )
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('leader_id', 'text', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('peak_value', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .addColumn('note', 'text')
    .execute();
  // One active group per kind and city: two processes meeting the same flood make one group.
  await sql`create unique index alert_groups_active_kind on alert_groups
    (city_key, coalesce(sensor_type, ''), rule) where status <> 'resolved'`.execute(db);
  await sql`create index alert_groups_city_idx on alert_groups (city_key, status, last_joined_at desc)`.execute(
    db,
  );
  await db.schema
    .alterTable('alerts')
    .addColumn('group_id', 'text', (c) => c.references('alert_groups.id'))
    .execute();
  await sql`create index alerts_group_idx on alerts (group_id, id) where group_id is not null`.execute(
    db,
  );
  // A flood is counted among the alerts of a city and rule raised within a window.
  await sql`create index alerts_city_rule_created_idx on alerts (city_key, rule, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists alerts_city_rule_created_idx`.execute(db);
  await sql`drop index if exists alerts_group_idx`.execute(db);
  await db.schema.alterTable('alerts').dropColumn('group_id').execute();
  await db.schema.dropTable('alert_groups').execute();
}
