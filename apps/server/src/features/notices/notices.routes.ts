import { NOTICE_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { NoticesService } from './notices.service';

export function noticesRoutes(notices: NoticesService) {
  return createRouter()
    .openapi(routeOf(NOTICE_ENDPOINTS.list), async (c) =>
      c.json({ data: await notices.list() }, 200),
    )
    .openapi(routeOf(NOTICE_ENDPOINTS.get), async (c) =>
      c.json({ data: await notices.get(c.req.valid('param').id) }, 200),
    )
    .openapi(routeOf(NOTICE_ENDPOINTS.create), async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const { notice, replayed } = await notices.create(c.req.valid('json'), c.get('user'), key);
      return c.json({ data: notice }, replayed ? 200 : 201);
    })
    .openapi(routeOf(NOTICE_ENDPOINTS.update), async (c) =>
      c.json(
        { data: await notices.update(c.req.valid('param').id, c.req.valid('json'), c.get('user')) },
        200,
      ),
    )
    .openapi(routeOf(NOTICE_ENDPOINTS.remove), async (c) => {
      await notices.remove(c.req.valid('param').id, c.get('user'));
      return c.body(null, 204);
    });
}
