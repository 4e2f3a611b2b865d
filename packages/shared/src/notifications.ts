import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { alertFactsSchema, alertSeveritySchema } from './alerts';
import { cityKeySchema } from './cities';

/**
 * Why a person was notified: an escalation step or a reminder reached them, an alert was assigned
 * to them, or a comment mentioned them.
 */
export const NOTIFICATION_KINDS = ['escalated', 'reminded', 'assigned', 'mentioned'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS).meta({ id: 'NotificationKind' });
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** One in-app notification of the signed-in person, as the list and the live events carry it. */
export const notificationSchema = z
  .object({
    id: z.string(),
    /** Whose it is: only that person lists it and receives its live events. */
    recipientId: z.string(),
    kind: notificationKindSchema,
    /** The alert as it was when the notification was made. */
    alert: z.object({
      id: z.string(),
      title: z.string(),
      /** What its rule found, for the reader's words; null for an alert without facts. */
      facts: alertFactsSchema.nullable().default(null),
      severity: alertSeveritySchema,
      city: cityKeySchema,
    }),
    /** Who assigned or mentioned; null for what the escalation policy did. */
    actor: z.string().nullable(),
    /** The start of the comment that mentioned the person. */
    excerpt: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** When the person read it; null while unread. */
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof notificationSchema>;

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
