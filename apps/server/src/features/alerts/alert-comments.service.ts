import { randomUUID } from 'node:crypto';
import {
  alertSeveritySchema,
  cityKeySchema,
  mentionedUsernames,
  roleSchema,
  type AlertComment,
  type AlertCommentList,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { AlertCommentRow, Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import type { NotificationsService } from '../notifications/notifications.service';
import { staffName, type StaffService } from '../staff/staff.service';
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor';
import { insertComment, listComments } from './alert-comments.repository';
import { findAlert } from './alerts.repository';
import { alertNotFound, type AlertActor } from './alerts.service';
import { createUnitOfWork } from '../../lib/unit-of-work';

/** Maps a stored comment to the contract's shape (the city is its alert's). */
function presentComment(row: AlertCommentRow, city: string): AlertComment {
  return {
    id: row.id,
    alertId: row.alert_id,
    city: cityKeySchema.parse(city),
    author: { id: row.author_id, name: row.author_name, role: roleSchema.parse(row.author_role) },
    body: row.body,
    mentions: row.mentions,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export type AlertCommentsService = ReturnType<typeof createAlertCommentsService>;

/**
 * The comment thread of each alert, where operators and admins work it out together: a comment
 * reaches everyone following the alert's city live, and each operator or admin it mentions as
 * `@username` is notified.
 */
export function createAlertCommentsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  staff: StaffService;
  notifications: NotificationsService;
  now: () => Date;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  return {
    /** An alert's thread, oldest first; 404 when there is no such alert. */
    async list(
      alertId: string,
      query: { limit: number; cursor?: string },
    ): Promise<AlertCommentList> {
      const cursor = query.cursor === undefined ? undefined : decodePageCursor(query.cursor);
      const alert = await findAlert(db, alertId);
      if (!alert) throw alertNotFound(alertId);
      const rows = await listComments(db, alertId, { limit: query.limit + 1, cursor });
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((row) => presentComment(row, alert.city_key)),
        nextCursor: rows.length > query.limit ? encodePageCursor(page.at(-1)!) : null,
      };
    },

    /** Adds a comment by the caller and notifies the people it mentions. */
    async post(alertId: string, body: string, author: AlertActor): Promise<AlertComment> {
      const now = deps.now();
      return unitOfWork(async (unit) => {
        const alert = await findAlert(unit.trx, alertId);
        if (!alert) throw alertNotFound(alertId);
        const usernames = mentionedUsernames(body);
        const mentioned = usernames.length ? await deps.staff.records(unit.trx, { usernames }) : [];
        const mentions = mentioned.map((person) => ({ id: person.id, name: staffName(person) }));
        const row = await insertComment(unit.trx, {
          id: randomUUID(),
          alert_id: alertId,
          author_id: author.id,
          author_name: author.name || author.email,
          author_role: author.role,
          body,
          mentions,
          created_at: now,
        });
        await deps.notifications.deliver(
          unit,
          mentions.length
            ? [
                {
                  key: `comment:${row.id}`,
                  kind: 'mentioned',
                  alert: {
                    id: alert.id,
                    title: alert.title,
                    facts: alert.facts,
                    severity: alertSeveritySchema.parse(alert.severity),
                    city: cityKeySchema.parse(alert.city_key),
                  },
                  actor: { id: author.id, name: row.author_name },
                  excerpt: body,
                  to: { userIds: mentions.map((m) => m.id) },
                },
              ]
            : [],
        );
        const comment = presentComment(row, alert.city_key);
        unit.publish('comment:created', comment);
        return comment;
      });
    },
  };
}
