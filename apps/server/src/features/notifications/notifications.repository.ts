import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';
import type { PageCursor } from '../../http/page-cursor';
import type { AlertFacts } from '@smart-city/shared';

type Db = Kysely<Database> | Transaction<Database>;

/** A notification to store; `dedupe_key` stores it once however often it is offered. */
export type NewNotification = {
  id: string;
  user_id: string;
  kind: string;
  /** The alert's columns, for a notification about an alert; null for one about a report. */
  alert_id: string | null;
  alert_title: string | null;
  alert_severity: string | null;
  /** The alert's facts (AlertFacts), or null for an alert without them. */
  alert_facts: AlertFacts | null;
  /** The report's columns, for a notification about a citizen's report; null for an alert's. */
  report_id: string | null;
  report_category: string | null;
  report_status: string | null;
  report_description: string | null;
  report_merged_into: string | null;
  city_key: string;
  actor: string | null;
  excerpt: string | null;
  dedupe_key: string;
  created_at: Date;
};

/** Rows that came back from raw SQL: their times as Dates, as Kysely's own queries give them. */
function notificationRowsFrom(rows: NotificationRow[]): NotificationRow[] {
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    read_at: row.read_at === null ? null : new Date(row.read_at),
  }));
}

/**
 * Stores many notifications in one statement and returns those that are new: one offered again
 * (the same dedupe key) is left as it is.
 */
export async function insertNotifications(
  db: Db,
  rows: readonly NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  const col = <T>(pick: (row: NewNotification) => T) => rows.map(pick);
  const result = await sql<NotificationRow>`
    insert into notifications (id, user_id, kind, alert_id, alert_title, alert_severity,
      alert_facts, report_id, report_category, report_status, report_description,
      report_merged_into, city_key, actor, excerpt, dedupe_key, created_at)
    select id, user_id, kind, alert_id, alert_title, alert_severity, alert_facts::jsonb,
      report_id, report_category, report_status, report_description, report_merged_into,
      city_key, actor, excerpt, dedupe_key, created_at
    from unnest(${col((r) => r.id)}::text[], ${col((r) => r.user_id)}::text[],
      ${col((r) => r.kind)}::text[], ${col((r) => r.alert_id)}::text[],
      ${col((r) => r.alert_title)}::text[], ${col((r) => r.alert_severity)}::text[],
      ${col((r) => (r.alert_facts ? JSON.stringify(r.alert_facts) : null))}::text[],
      ${col((r) => r.report_id)}::bigint[], ${col((r) => r.report_category)}::text[],
      ${col((r) => r.report_status)}::text[], ${col((r) => r.report_description)}::text[],
      ${col((r) => r.report_merged_into)}::bigint[],
      ${col((r) => r.city_key)}::text[], ${col((r) => r.actor)}::text[],
      ${col((r) => r.excerpt)}::text[], ${col((r) => r.dedupe_key)}::text[],
      ${col((r) => r.created_at.toISOString())}::timestamptz[])
      as u(id, user_id, kind, alert_id, alert_title, alert_severity, alert_facts, report_id,
        report_category, report_status, report_description, report_merged_into, city_key, actor,
        excerpt, dedupe_key, created_at)
    on conflict (dedupe_key) do nothing
    returning *`.execute(db);
  return notificationRowsFrom(result.rows);
}

/** A person's notifications, newest first, after `cursor`; only the unread ones when asked. */
export function listNotifications(
  db: Db,
  userId: string,
  options: { limit: number; cursor?: PageCursor; unreadOnly?: boolean },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (options.unreadOnly) query = query.where('read_at', 'is', null);
  const { cursor } = options;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** How many of a person's notifications are unread. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Marks one of a person's notifications read (the first reading counts); undefined if not theirs. */
export function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Marks every unread notification of a person read; returns how many there were. */
export async function markAllNotificationsRead(db: Db, userId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
