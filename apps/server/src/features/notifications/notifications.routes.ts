import { NOTIFICATION_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { NotificationsService } from './notifications.service';

export function notificationsRoutes(notifications: NotificationsService) {
  return (
    createRouter()
      .openapi(routeOf(NOTIFICATION_ENDPOINTS.list), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await notifications.list(c.get('user').id, c.req.valid('query')), 200);
      })
      // Before `{id}/read`, so that `read-all` is never taken for an id.
      .openapi(routeOf(NOTIFICATION_ENDPOINTS.readAll), async (c) =>
        c.json(await notifications.readAll(c.get('user').id), 200),
      )
      .openapi(routeOf(NOTIFICATION_ENDPOINTS.read), async (c) =>
        c.json(await notifications.read(c.get('user').id, c.req.valid('param').id), 200),
      )
  );
}
