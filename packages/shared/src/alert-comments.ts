import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canDiscussAlerts } from './policies';
import { roleSchema } from './auth';
import { alertPersonSchema } from './alerts';
import { cityKeySchema } from './cities';

/** The longest comment an operator or admin may write on an alert. */
export const ALERT_COMMENT_MAX_LENGTH = 2_000;

/** `POST /api/alerts/:id/comments`. */
export const alertCommentCreateSchema = z
  .strictObject({
    body: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(ALERT_COMMENT_MAX_LENGTH, `must be at most ${ALERT_COMMENT_MAX_LENGTH} characters`),
  })
  .meta({ id: 'AlertCommentCreate' });

export type AlertCommentCreate = z.infer<typeof alertCommentCreateSchema>;

/**
 * One comment of an alert's thread, as `GET /api/alerts/:id/comments` lists it and the live
 * `comment:created` event carries it. Only operators and admins read or write the thread.
 */
export const alertCommentSchema = z
  .object({
    id: z.string(),
    alertId: z.string(),
    city: cityKeySchema,
    author: alertPersonSchema.extend({ role: roleSchema }),
    body: z.string(),
    /** The operators and admins the body names as `@username`; each was notified. */
    mentions: z.array(alertPersonSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AlertComment' });

export type AlertComment = z.infer<typeof alertCommentSchema>;

/** `GET /api/alerts/:id/comments`: oldest first, a page at a time. */
export const alertCommentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().min(1).max(500).optional(),
});

export const alertCommentListSchema = z
  .object({ items: z.array(alertCommentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AlertCommentList' });

export type AlertCommentList = z.infer<typeof alertCommentListSchema>;

/**
 * The `@username` mentions of a comment, lower-cased, each once, in order. A username is 3–30
 * letters, digits, dots or underscores (as sign-up takes it); an e-mail address is not a mention.
 */
export function mentionedUsernames(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(/(^|[^\w.@])@([a-zA-Z0-9_.]{3,30})/g)) {
    names.add(match[2]!.replace(/\.+$/, '').toLowerCase());
  }
  return [...names].filter((name) => name.length >= 3);
}

export const ALERT_COMMENT_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/alerts/{id}/comments',
    summary: "An alert's comment thread, oldest first (operator, admin)",
    tags: ['Alerts'],
    access: canDiscussAlerts,
    params: idParamsSchema,
    query: alertCommentListQuerySchema,
    status: 200,
    response: alertCommentListSchema,
    description: 'A page of comments',
    errors: {
      400: 'The limit or cursor is invalid',
      403: 'Citizens do not read the operations thread',
      404: 'No such alert',
    },
  },
  post: {
    method: 'post',
    path: '/api/alerts/{id}/comments',
    summary: 'Comments on an alert; each @username mentioned is notified (operator, admin)',
    tags: ['Alerts'],
    access: canDiscussAlerts,
    params: idParamsSchema,
    body: alertCommentCreateSchema,
    status: 201,
    response: alertCommentSchema,
    description: 'The comment',
    errors: {
      400: 'The body is empty or longer than 2,000 characters',
      403: 'Citizens do not write in the operations thread',
      404: 'No such alert',
    },
  },
} as const satisfies Record<string, Endpoint>;
