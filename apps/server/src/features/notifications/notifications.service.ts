import { randomUUID } from 'node:crypto';
import {
  cityKeySchema,
  DEFAULT_LANGUAGE,
  inQuietHours,
  NOTIFICATION_EXCERPT_LENGTH,
  alertSeveritySchema,
  notificationKindSchema,
  type AlertFacts,
  type AlertSeverity,
  type CityKey,
  type EscalationAudience,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor';
import type { DomainEvents } from '../../live/domain-events';
import { chosenLanguageOf, notificationPreferencesOf } from '../profile/preferences.service';
import { staffName, type StaffRecord, type StaffService } from '../staff/staff.service';
import { enqueueEmails, type NewEmail } from './email-outbox.repository';
import type { AlertEmailParams } from './email-templates';
import {
  countUnread,
  insertNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NewNotification,
} from './notifications.repository';
import { NotFound } from '../../lib/domain-errors';
import { createUnitOfWork, type Work } from '../../lib/unit-of-work';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Maps a stored notification to the contract's shape. */
function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    recipientId: row.user_id,
    kind: notificationKindSchema.parse(row.kind),
    alert: {
      id: row.alert_id,
      title: row.alert_title,
      facts: row.alert_facts,
      severity: alertSeveritySchema.parse(row.alert_severity),
      city: cityKeySchema.parse(row.city_key),
    },
    actor: row.actor,
    excerpt: row.excerpt,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
  };
}

/** The alert a notification is about, as it is at the time. */
type NotifiedAlert = {
  id: string;
  title: string;
  /** What its rule found, for each reader's words; null for an alert without facts. */
  facts: AlertFacts | null;
  severity: AlertSeverity;
  city: CityKey;
};

/**
 * Something to tell people about one alert. `key` names the occasion (an escalation step of the
 * alert, a comment, an assignment): each person is notified of it once, however often it is offered.
 */
export type NotificationRequest = {
  key: string;
  kind: NotificationKind;
  alert: NotifiedAlert;
  /** Who did it (left out of the recipients), or null for the escalation policy. */
  actor: { id: string; name: string } | null;
  excerpt?: string | null;
  /** An escalation's audience in the alert's city, or named people. */
  to: { audience: EscalationAudience } | { userIds: readonly string[] };
};

/** What a delivery stored, to announce once its transaction has committed. */
export type Delivery = {
  created: NotificationRow[];
  /** How many people each request reached, by its key. */
  recipients: Map<string, number>;
  emailsQueued: number;
};

const AUDIENCE_ROLE: Record<EscalationAudience, StaffRecord['role']> = {
  operators: 'operator',
  admins: 'admin',
};

/** Whether a person's switches let through notifications of an alert of this severity. */
function wantsSeverity(preferences: NotificationPreferences, severity: AlertSeverity): boolean {
  if (severity === 'critical') return preferences.criticalAlerts;
  if (severity === 'high') return preferences.highAlerts;
  return preferences.warningAlerts;
}

/** Whether a person follows the escalations of a city (no city chosen: every city). */
function followsCity(preferences: NotificationPreferences, city: CityKey): boolean {
  return preferences.alertCities.length === 0 || preferences.alertCities.includes(city);
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * In-app notifications and the e-mails that go with them. Who is told follows each person's
 * preferences: the severities they want, the cities they follow, e-mail on or off and their quiet
 * hours (no e-mail then; the in-app notification still arrives).
 */
export function createNotificationsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  staff: StaffService;
  now: () => Date;
  /** Whether e-mail is sent at all (SMTP_URL is set); off, nothing is queued. */
  emailEnabled: boolean;
  /** Where the web app is, for the links in e-mails. */
  appUrl: () => string;
  /** Told after a commit that queued e-mails, so they go out at once rather than at the next poll. */
  onEmailQueued?: () => void;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  /** The people a request reaches, with their preferences. */
  function recipientsOf(
    request: NotificationRequest,
    staff: readonly { record: StaffRecord; preferences: NotificationPreferences }[],
  ) {
    return staff.filter(({ record, preferences }) => {
      if (request.actor && record.id === request.actor.id) return false;
      if ('userIds' in request.to) return request.to.userIds.includes(record.id);
      return (
        record.role === AUDIENCE_ROLE[request.to.audience] &&
        followsCity(preferences, request.alert.city) &&
        wantsSeverity(preferences, request.alert.severity)
      );
    });
  }

  return {
    /**
     * Stores the notifications of these requests and queues their e-mails in the caller's unit of
     * work, in one statement each; each person's open pages hear of theirs once it commits.
     */
    async deliver(unit: Work, requests: readonly NotificationRequest[]): Promise<Delivery> {
      const { trx } = unit;
      const delivery: Delivery = { created: [], recipients: new Map(), emailsQueued: 0 };
      if (requests.length === 0) return delivery;
      const now = deps.now();
      const staff = (await deps.staff.records(trx)).map((record) => ({
        record,
        preferences: notificationPreferencesOf(record.notification_preferences),
      }));
      const rows: NewNotification[] = [];
      const people = new Map<string, (typeof staff)[number]>();
      const kinds = new Map<string, NotificationRequest>();
      for (const request of requests) {
        const recipients = recipientsOf(request, staff);
        delivery.recipients.set(request.key, recipients.length);
        for (const person of recipients) {
          const id = randomUUID();
          people.set(id, person);
          kinds.set(id, request);
          rows.push({
            id,
            user_id: person.record.id,
            kind: request.kind,
            alert_id: request.alert.id,
            alert_title: request.alert.title,
            alert_facts: request.alert.facts,
            alert_severity: request.alert.severity,
            city_key: request.alert.city,
            actor: request.actor?.name ?? null,
            excerpt: request.excerpt ? request.excerpt.slice(0, NOTIFICATION_EXCERPT_LENGTH) : null,
            dedupe_key: `${request.key}:${person.record.id}`,
            created_at: now,
          });
        }
      }
      delivery.created = await insertNotifications(trx, rows);
      for (const row of delivery.created)
        unit.publish('notification:created', presentNotification(row));
      if (!deps.emailEnabled) return delivery;
      const emails: NewEmail[] = [];
      for (const row of delivery.created) {
        const person = people.get(row.id)!;
        const request = kinds.get(row.id)!;
        const { preferences, record } = person;
        if (!preferences.emailAlerts || inQuietHours(preferences.quietHours, now)) continue;
        const params: AlertEmailParams = {
          recipientName: staffName(record),
          alertTitle: row.alert_title,
          alertFacts: row.alert_facts,
          severity: request.alert.severity,
          city: request.alert.city,
          actor: row.actor,
          excerpt: row.excerpt,
          alertUrl: `${deps.appUrl()}/alerts/${encodeURIComponent(row.alert_id)}`,
        };
        emails.push({
          dedupe_key: `notification:${row.id}`,
          to_address: record.email,
          template: row.kind,
          language: chosenLanguageOf(record.language) ?? DEFAULT_LANGUAGE,
          params,
        });
      }
      delivery.emailsQueued = await enqueueEmails(trx, emails, now);
      if (delivery.emailsQueued > 0 && deps.onEmailQueued) unit.afterCommit(deps.onEmailQueued);
      return delivery;
    },

    /** A person's own notifications, newest first, with how many are unread. */
    async list(
      userId: string,
      query: { limit: number; cursor?: string; unread?: boolean },
    ): Promise<NotificationList> {
      const cursor = query.cursor === undefined ? undefined : decodePageCursor(query.cursor);
      const rows = await listNotifications(db, userId, {
        limit: query.limit + 1,
        cursor,
        unreadOnly: query.unread,
      });
      const page = rows.slice(0, query.limit);
      return {
        items: page.map(presentNotification),
        nextCursor: rows.length > query.limit ? encodePageCursor(page.at(-1)!) : null,
        unread: await countUnread(db, userId),
      };
    },

    /** Marks one of the person's notifications read; 404 for anyone else's. */
    async read(userId: string, id: string): Promise<Notification> {
      return unitOfWork(async (unit) => {
        const row = await markNotificationRead(unit.trx, userId, id, deps.now());
        if (!row) throw new NotFound(`No notification with id "${id}"`);
        const notification = presentNotification(row);
        unit.publish('notification:read', {
          recipientId: userId,
          id,
          readAt: notification.readAt!,
        });
        return notification;
      });
    },

    /** Marks all of the person's notifications read. */
    async readAll(userId: string): Promise<{ read: number }> {
      const at = deps.now();
      return unitOfWork(async (unit) => {
        const read = await markAllNotificationsRead(unit.trx, userId, at);
        if (read > 0)
          unit.publish('notification:read', { recipientId: userId, id: null, readAt: iso(at) });
        return { read };
      });
    },
  };
}
