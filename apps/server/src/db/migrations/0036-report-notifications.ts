/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * A notification is about an alert or about a citizen's report: the report's people are told when
 * it moves on, its assignee when it is given to them, and the city's staff when it passes its
 * deadline. The alert's columns are left empty for a report, and the report's for an alert.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check check (kind in
    ('escalated', 'reminded', 'assigned', 'mentioned',
     'report_status', 'report_merged', 'report_assigned', 'report_overdue'))`.execute(db);
  await sql`alter table notifications alter column alert_id drop not null`.execute(db);
  await sql`alter table notifications alter column alert_title drop not null`.execute(db);
  await sql`alter table notifications alter column alert_severity drop not null`.execute(db);
  await sql`alter table notifications add column report_id bigint
    references reports (id) on delete cascade`.execute(db);
  await sql`alter table notifications add column report_category text`.execute(db);
  await sql`alter table notifications add column report_status text`.execute(db);
  await sql`alter table notifications add column report_description text`.execute(db);
  await sql`alter table notifications add column report_merged_into bigint`.execute(db);
  await sql`alter table notifications add constraint notifications_subject_check check (
    (alert_id is not null and alert_title is not null and alert_severity is not null
      and report_id is null)
    or (report_id is not null and report_category is not null and report_status is not null
      and report_description is not null and alert_id is null))`.execute(db);
  await sql`create index notifications_report_idx on notifications (report_id)
    where report_id is not null`.execute(db);
  // The overdue check reads the open reports past their deadline not yet escalated, the oldest first.
  await sql`create index reports_unescalated_due_idx on reports (due_at, id)
    where status in ('open', 'acknowledged', 'in_progress') and escalated_at is null`.execute(db);
  await sql`comment on column notifications.report_id is ${sql.lit(
    'The citizen’s report the notification is about; null for one about an alert.',
  )}`.execute(db);
  await sql`comment on column notifications.report_description is ${sql.lit(
    'The start of what was reported, as it was when the person was notified.',
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index reports_unescalated_due_idx`.execute(db);
  await sql`delete from notifications where report_id is not null`.execute(db);
  await sql`alter table notifications drop constraint notifications_subject_check`.execute(db);
  await sql`drop index notifications_report_idx`.execute(db);
  for (const column of [
    'report_merged_into',
    'report_description',
    'report_status',
    'report_category',
    'report_id',
  ]) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
  await sql`alter table notifications alter column alert_severity set not null`.execute(db);
  await sql`alter table notifications alter column alert_title set not null`.execute(db);
  await sql`alter table notifications alter column alert_id set not null`.execute(db);
  await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
  await sql`alter table notifications add constraint notifications_kind_check check (kind in
    ('escalated', 'reminded', 'assigned', 'mentioned'))`.execute(db);
}
