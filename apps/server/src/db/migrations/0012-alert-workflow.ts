import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Who has taken an alert (kept by name too, as the history keeps its actors), when it reached its
  // severity (escalation steps count from then) and when a step last fired for it.
  await db.schema
    .alterTable('alerts')
    .addColumn('assignee_id', 'text')
    .addColumn('assignee_name', 'text')
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('severity_since', 'timestamptz')
    .addColumn('escalated_at', 'timestamptz')
    .execute();
  // "Mine" and "unassigned" lists of a city; the escalation check reads only unacknowledged alerts.
  await sql`create index alerts_assignee_idx on alerts (assignee_id, created_at desc)
    where assignee_id is not null`.execute(db);
  await sql`create index alerts_open_idx on alerts (city_key, severity) where status = 'open'`.execute(
    db,
  );
  await db.schema.alterTable('alert_history').addColumn('details', 'jsonb').execute();

  await db.schema
    .createTable('escalation_policies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key'))
    // Null: the city-wide default of the severity, which sensor types without a policy follow.
    .addColumn('sensor_type', 'text')
    .addColumn('severity', 'text', (c) =>
      c.notNull().check(sql`severity in ('critical', 'high', 'warning', 'info')`),
    )
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One policy per city, sensor type (or the default) and severity: an alert follows exactly one.
  await sql`create unique index escalation_policies_scope_idx
    on escalation_policies (city_key, coalesce(sensor_type, ''), severity)`.execute(db);

  await db.schema
    .createTable('escalation_steps')
    .addColumn('policy_id', 'text', (c) =>
      c.notNull().references('escalation_policies.id').onDelete('cascade'),
    )
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('after_seconds', 'integer', (c) => c.notNull().check(sql`after_seconds >= 0`))
    .addColumn('action', 'text', (c) =>
      c.notNull().check(sql`action in ('notify', 'raise', 'remind')`),
    )
    .addColumn('audience', 'text', (c) => c.check(sql`audience in ('operators', 'admins')`))
    .addColumn('severity', 'text', (c) =>
      c.check(sql`severity in ('critical', 'high', 'warning', 'info')`),
    )
    .addColumn('every_seconds', 'integer', (c) => c.check(sql`every_seconds > 0`))
    .addPrimaryKeyConstraint('escalation_steps_pk', ['policy_id', 'position'])
    .addCheckConstraint(
      'escalation_steps_remind_every',
      sql`(action = 'remind') = (every_seconds is not null)`,
    )
    .addCheckConstraint(
      'escalation_steps_raise_severity',
      sql`(action = 'raise') = (severity is not null)`,
    )
    .execute();

  // Each step fires once per alert (a reminder once per occurrence): the primary key is what makes
  // two server processes checking at the same moment fire it once.
  await db.schema
    .createTable('alert_escalations')
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    // No foreign key: a step that fired stays recorded when its policy is edited or removed.
    .addColumn('policy_id', 'text', (c) => c.notNull())
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('occurrence', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_escalations_pk', [
      'alert_id',
      'policy_id',
      'position',
      'occurrence',
    ])
    .execute();

  await db.schema
    .createTable('alert_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('mentions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index alert_comments_alert_idx on alert_comments (alert_id, created_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: accounts live in better-auth's tables, migrated after these.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('escalated', 'reminded', 'assigned', 'mentioned')`),
    )
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    // The alert as it was when the person was notified.
    .addColumn('alert_title', 'text', (c) => c.notNull())
    .addColumn('alert_severity', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('excerpt', 'text')
    // What the notification is for (a step of an alert, a comment), once per person.
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  );

  // E-mail waits here, written in the transaction of what it tells, until a sender hands it to
  // the SMTP server: nothing is lost to a crash, and the unique key sends a message once.
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    // A sender holds a message until then; past it (the sender died), another may take it.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index email_outbox_due_idx on email_outbox (next_attempt_at, id)
    where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('alert_comments').execute();
  await db.schema.dropTable('alert_escalations').execute();
  await db.schema.dropTable('escalation_steps').execute();
  await db.schema.dropTable('escalation_policies').execute();
  await db.schema.alterTable('alert_history').dropColumn('details').execute();
  await db.schema.dropIndex('alerts_open_idx').execute();
  await db.schema.dropIndex('alerts_assignee_idx').execute();
  await db.schema
    .alterTable('alerts')
    .dropColumn('assignee_id')
    .dropColumn('assignee_name')
    .dropColumn('assigned_at')
    .dropColumn('severity_since')
    .dropColumn('escalated_at')
    .execute();
}
