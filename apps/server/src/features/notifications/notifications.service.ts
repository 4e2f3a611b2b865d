import { randomUUID } from 'node:crypto';
import {
  cityKeySchema,
  DEFAULT_LANGUAGE,
  inQuietHours,
  NOTIFICATION_EXCERPT_LENGTH,
  alertSeveritySchema,
  reportCategorySchema,
  reportStatusSchema,
  type AlertFacts,
  type AlertNotificationKind,
  type AlertSeverity,
  type CityKey,
  type EscalationAudience,
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  type ReportCategory,
  type ReportNotificationKind,
  type ReportStatus,
  alertNotificationKindSchema,
  reportNotificationKindSchema,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema';
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor';
import type { DomainEvents } from '../../live/domain-events';
import { chosenLanguageOf, notificationPreferencesOf } from '../profile/preferences.service';
import {
  staffName,
  type PersonRecord,
  type StaffRecord,
  type StaffService,
} from '../staff/staff.service';
import { enqueueEmails, type NewEmail } from './email-outbox.repository';
import type { AlertEmailParams, ReportEmailParams } from './email-templates';
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
  const common = {
    id: row.id,
    recipientId: row.user_id,
    actor: row.actor,
    excerpt: row.excerpt,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
  };
  const city = cityKeySchema.parse(row.city_key);
  if (row.report_id !== null) {
    return {
      ...common,
      kind: reportNotificationKindSchema.parse(row.kind),
      report: {
        id: String(row.report_id),
        city,
        category: reportCategorySchema.parse(row.report_category),
        status: reportStatusSchema.parse(row.report_status),
        description: row.report_description ?? '',
        mergedInto: row.report_merged_into === null ? null : String(row.report_merged_into),
      },
    };
  }
  return {
    ...common,
    kind: alertNotificationKindSchema.parse(row.kind),
    alert: {
      id: row.alert_id!,
      title: row.alert_title!,
      facts: row.alert_facts,
      severity: alertSeveritySchema.parse(row.alert_severity),
      city,
    },
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

/** The citizen's report a notification is about, as it is at the time. */
type NotifiedReport = {
  id: string;
  city: CityKey;
  category: ReportCategory;
  status: ReportStatus;
  description: string;
  mergedInto: string | null;
};

/**
 * Something to tell people about one alert or one report. `key` names the occasion (an escalation
 * step of an alert, a comment, an assignment, a report's step): each person is notified of it once,
 * however often it is offered.
 */
export type NotificationRequest = {
  key: string;
  /**
   * Who did it (left out of the recipients), or null for a policy; a null name keeps them unnamed
   * (a citizen is not told which staff member moved their report on).
   */
  actor: { id: string; name: string | null } | null;
  excerpt?: string | null;
  /** An escalation's audience in the city, or named people. */
  to: { audience: EscalationAudience } | { userIds: readonly string[] };
} & (
  | { kind: AlertNotificationKind; alert: NotifiedAlert }
  | { kind: ReportNotificationKind; report: NotifiedReport }
);

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
  function recipientsOf<P extends { record: { id: string; role: string } }>(
    request: NotificationRequest,
    people: readonly (P & { preferences: NotificationPreferences })[],
  ) {
    return people.filter(({ record, preferences }) => {
      if (request.actor && record.id === request.actor.id) return false;
      if ('userIds' in request.to) return request.to.userIds.includes(record.id);
      const city = 'alert' in request ? request.alert.city : request.report.city;
      return (
        record.role === AUDIENCE_ROLE[request.to.audience] &&
        followsCity(preferences, city) &&
        (!('alert' in request) || wantsSeverity(preferences, request.alert.severity))
      );
    });
  }

  /**
   * Everyone the requests may reach: the operators and admins, and the named people of any role
   * (a report's followers are anyone).
   */
  async function candidatesOf(
    trx: Transaction<Database>,
    requests: readonly NotificationRequest[],
  ): Promise<{ record: PersonRecord; preferences: NotificationPreferences }[]> {
    const staff = await deps.staff.records(trx);
    const known = new Set(staff.map((record) => record.id));
    const named = [
      ...new Set(
        requests.flatMap((request) =>
          'report' in request && 'userIds' in request.to ? request.to.userIds : [],
        ),
      ),
    ].filter((id) => !known.has(id));
    const others = named.length > 0 ? await deps.staff.people(trx, named) : [];
    return [...staff, ...others].map((record) => ({
      record,
      preferences: notificationPreferencesOf(record.notification_preferences),
    }));
  }

  /** Whether a person wants this notification by e-mail too. */
  function wantsEmail(request: NotificationRequest, preferences: NotificationPreferences) {
    if (request.kind === 'report_status' || request.kind === 'report_merged')
      return preferences.emailReports;
    return preferences.emailAlerts;
  }

  /** The e-mail of a notification: its template's values. */
  function emailParams(
    row: NotificationRow,
    request: NotificationRequest,
    record: PersonRecord,
  ): AlertEmailParams | ReportEmailParams {
    if ('report' in request) {
      return {
        recipientName: staffName(record),
        reportId: request.report.id,
        category: request.report.category,
        status: request.report.status,
        description: request.report.description,
        mergedInto: request.report.mergedInto,
        city: request.report.city,
        actor: row.actor,
        excerpt: row.excerpt,
        reportUrl: `${deps.appUrl()}/reports/${encodeURIComponent(request.report.id)}`,
      };
    }
    return {
      recipientName: staffName(record),
      alertTitle: row.alert_title!,
      alertFacts: row.alert_facts,
      severity: request.alert.severity,
      city: request.alert.city,
      actor: row.actor,
      excerpt: row.excerpt,
      alertUrl: `${deps.appUrl()}/alerts/${encodeURIComponent(row.alert_id!)}`,
    };
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
      const candidates = await candidatesOf(trx, requests);
      const rows: NewNotification[] = [];
      const people = new Map<string, (typeof candidates)[number]>();
      const kinds = new Map<string, NotificationRequest>();
      for (const request of requests) {
        const recipients = recipientsOf(request, candidates);
        delivery.recipients.set(request.key, recipients.length);
        const alert = 'alert' in request ? request.alert : null;
        const report = 'report' in request ? request.report : null;
        for (const person of recipients) {
          const id = randomUUID();
          people.set(id, person);
          kinds.set(id, request);
          rows.push({
            id,
            user_id: person.record.id,
            kind: request.kind,
            alert_id: alert?.id ?? null,
            alert_title: alert?.title ?? null,
            alert_facts: alert?.facts ?? null,
            alert_severity: alert?.severity ?? null,
            report_id: report?.id ?? null,
            report_category: report?.category ?? null,
            report_status: report?.status ?? null,
            report_description: report
              ? report.description.slice(0, NOTIFICATION_EXCERPT_LENGTH)
              : null,
            report_merged_into: report?.mergedInto ?? null,
            city_key: alert?.city ?? report!.city,
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
        if (!wantsEmail(request, preferences) || inQuietHours(preferences.quietHours, now))
          continue;
        emails.push({
          dedupe_key: `notification:${row.id}`,
          to_address: record.email,
          template: row.kind,
          language: chosenLanguageOf(record.language) ?? DEFAULT_LANGUAGE,
          params: emailParams(row, request, record),
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
