import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { alertFactsSchema, alertSeveritySchema } from './alerts';
import { cityKeySchema } from './cities';
import { reportCategorySchema, reportStatusSchema } from './reports';

/**
 * Why a person was notified of an alert: an escalation step or a reminder reached them, an alert
 * was assigned to them, or a comment mentioned them.
 */
export const ALERT_NOTIFICATION_KINDS = ['escalated', 'reminded', 'assigned', 'mentioned'] as const;

/**
 * Why a person was notified of a citizen's report: one they made or follow moved on (a status, a
 * merge into another), one was given to them, or one passed its deadline unclosed.
 */
export const REPORT_NOTIFICATION_KINDS = [
  'report_status',
  'report_merged',
  'report_assigned',
  'report_overdue',
] as const;

export const NOTIFICATION_KINDS = [
  ...ALERT_NOTIFICATION_KINDS,
  ...REPORT_NOTIFICATION_KINDS,
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: 'NotificationKind' });
export type NotificationKind = z.infer<typeof notificationKindSchema>;
export const alertNotificationKindSchema = z.enum(ALERT_NOTIFICATION_KINDS);
export const reportNotificationKindSchema = z.enum(REPORT_NOTIFICATION_KINDS);
export type AlertNotificationKind = z.infer<typeof alertNotificationKindSchema>;
export type ReportNotificationKind = z.infer<typeof reportNotificationKindSchema>;

const notificationFields = {
  id: z.string(),
  /** Whose it is: only that person lists it and receives its live events. */
  recipientId: z.string(),
  /** Who assigned or mentioned, or moved the report on; null for what a policy did. */
  actor: z.string().nullable(),
  /** The start of the comment that mentioned the person, or of a report's resolution or reason. */
  excerpt: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the person read it; null while unread. */
  readAt: z.iso.datetime().nullable(),
};

/** A notification about an alert. */
const alertNotificationSchema = z
  .object({
    ...notificationFields,
    kind: alertNotificationKindSchema,
    /** The alert as it was when the notification was made. */
    alert: z.object({
      id: z.string(),
      title: z.string(),
      /** What its rule found, for the reader's words; null for an alert without facts. */
      facts: alertFactsSchema.nullable().default(null),
      severity: alertSeveritySchema,
      city: cityKeySchema,
    }),
  })
  .meta({ id: 'AlertNotification' });

/** A notification about a citizen's report. */
const reportNotificationSchema = z
  .object({
    ...notificationFields,
    kind: reportNotificationKindSchema,
    /** The report as it was when the notification was made. */
    report: z.object({
      /** Its public number. */
      id: z.string(),
      city: cityKeySchema,
      category: reportCategorySchema,
      status: reportStatusSchema,
      /** The start of what was reported. */
      description: z.string(),
      /** The report it was merged into, for a merge. */
      mergedInto: z.string().nullable(),
    }),
  })
  .meta({ id: 'ReportNotification' });

/** One in-app notification of the signed-in person, as the list and the live events carry it. */
export const notificationSchema = z
  .discriminatedUnion('kind', [alertNotificationSchema, reportNotificationSchema])
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof notificationSchema>;
export type AlertNotification = z.infer<typeof alertNotificationSchema>;
export type ReportNotification = z.infer<typeof reportNotificationSchema>;

/** Whether a notification is about an alert (else it is about a citizen's report). */
export function isAlertNotification(notification: Notification): notification is AlertNotification {
  return 'alert' in notification;
}

/** How much of a comment a mention notification quotes. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;

/** `GET /api/notifications?limit=&cursor=&unread=`: the caller's own, newest first. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(500).optional(),
  /** `true` lists only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    nextCursor: z.string().nullable(),
    /** How many of the caller's notifications are unread, over all pages. */
    unread: z.number().int().min(0),
  })
  .meta({ id: 'NotificationList' });

export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /api/notifications/read-all`: how many were unread. */
export const notificationsReadSchema = z
  .object({ read: z.number().int().min(0) })
  .meta({ id: 'NotificationsRead' });

/**
 * Live `notification:read`, to every connection of the person: one notification (`id`) or every
 * one made until `readAt` (`id` null) was read, in whichever tab.
 */
export const notificationReadEventSchema = z.object({
  recipientId: z.string(),
  id: z.string().nullable(),
  readAt: z.iso.datetime(),
});

export type NotificationReadEvent = z.infer<typeof notificationReadEventSchema>;

export const NOTIFICATION_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/notifications',
    summary: "The caller's own notifications, newest first, and how many are unread",
    tags: ['Notifications'],
    access: 'signed-in',
    query: notificationListQuerySchema,
    status: 200,
    response: notificationListSchema,
    description: 'A page of notifications',
    errors: { 400: 'A filter or the cursor is invalid' },
  },
  readAll: {
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Marks every notification of the caller read',
    tags: ['Notifications'],
    access: 'signed-in',
    status: 200,
    response: notificationsReadSchema,
    description: 'How many were unread',
  },
  read: {
    method: 'post',
    path: '/api/notifications/{id}/read',
    summary: 'Marks one of the caller’s notifications read',
    tags: ['Notifications'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: notificationSchema,
    description: 'The notification',
    errors: { 404: 'The caller has no notification with this id' },
  },
} as const satisfies Record<string, Endpoint>;
