import { ALERT_COMMENT_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { AlertCommentsService } from './alert-comments.service';

export function alertCommentsRoutes(comments: AlertCommentsService) {
  return createRouter()
    .openapi(routeOf(ALERT_COMMENT_ENDPOINTS.list), async (c) =>
      c.json(await comments.list(c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(routeOf(ALERT_COMMENT_ENDPOINTS.post), async (c) =>
      c.json(
        await comments.post(c.req.valid('param').id, c.req.valid('json').body, c.get('user')),
        201,
      ),
    );
}
