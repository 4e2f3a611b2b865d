import type { Kysely } from 'kysely';
import { exampleAlert, type QueryExamples } from '../../db/query-snapshots';
import type { Database } from '../../db/schema';
import { insertRaisedAlerts } from '../alerts/alerts.repository';
import * as repository from './notifications.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const userId = 'operator-example';
const notification: repository.NewNotification = {
  id: 'notification-example',
  user_id: userId,
  kind: 'escalated',
  alert_id: 'alert-example',
  alert_title: 'Unhealthy air quality at Gariahat',
  alert_severity: 'high',
  alert_facts: null,
  report_id: null,
  report_category: null,
  report_status: null,
  report_description: null,
  report_merged_into: null,
  city_key: 'kolkata',
  actor: null,
  excerpt: null,
  dedupe_key: `escalation:alert-example:1:${userId}`,
  created_at: at,
};

/** The alert the notifications are about (notifications.alert_id references alerts). */
export async function setup(db: Kysely<Database>) {
  await insertRaisedAlerts(db, [exampleAlert(at)], at);
}

export const examples: QueryExamples<typeof repository> = {
  insertNotifications: (db) =>
    repository.insertNotifications(db, [
      notification,
      {
        ...notification,
        id: 'notification-example-2',
        kind: 'mentioned',
        actor: 'Rahul Das',
        excerpt: '@ananya please check the Gariahat station.',
        dedupe_key: `comment:comment-example:${userId}`,
        created_at: new Date('2026-11-20T10:05:00.000Z'),
      },
    ]),
  listNotifications: (db) =>
    repository.listNotifications(db, userId, {
      limit: 21,
      // The last notification of the page before.
      cursor: { createdAt: new Date('2026-11-20T10:05:00.000Z'), id: 'notification-example-2' },
      unreadOnly: true,
    }),
  countUnread: (db) => repository.countUnread(db, userId),
  markNotificationRead: (db) =>
    repository.markNotificationRead(
      db,
      userId,
      notification.id,
      new Date('2026-11-20T10:10:00.000Z'),
    ),
  markAllNotificationsRead: (db) =>
    repository.markAllNotificationsRead(db, userId, new Date('2026-11-20T10:15:00.000Z')),
};
