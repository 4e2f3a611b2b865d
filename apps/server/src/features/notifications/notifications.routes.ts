import { createRoute, z } from '@hono/zod-openapi';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { NotificationsService } from './notifications.service';

const listRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags: ['Notifications'],
  summary: "The caller's own notifications, newest first, and how many are unread",
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: notificationListQuerySchema },
  responses: {
    200: jsonContent('A page of notifications', notificationListSchema),
    400: errorContent('A filter or the cursor is invalid'),
    401: errorContent('Not signed in'),
  },
});

const readRoute = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  tags: ['Notifications'],
  summary: 'Marks one of the caller’s notifications read',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent('The notification', notificationSchema),
    401: errorContent('Not signed in'),
    404: errorContent('The caller has no notification with this id'),
  },
});

const readAllRoute = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  tags: ['Notifications'],
  summary: 'Marks every notification of the caller read',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  responses: {
    200: jsonContent('How many were unread', notificationsReadSchema),
    401: errorContent('Not signed in'),
  },
});

export function notificationsRoutes(notifications: NotificationsService) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await notifications.list(c.get('user').id, c.req.valid('query')), 200);
    })
    .openapi(readAllRoute, async (c) => c.json(await notifications.readAll(c.get('user').id), 200))
    .openapi(readRoute, async (c) =>
      c.json(await notifications.read(c.get('user').id, c.req.valid('param').id), 200),
    );
}
