import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { getCurrentUser, type AuthEnv } from '../../auth/request-auth';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { ReportsService } from './reports.service';

export function reportsRoutes(reports: ReportsService) {
  // The fixed paths before `/api/reports/{id}`, which would take their names for numbers.
  return createRouter<AuthEnv>()
    .openapi(routeOf(REPORT_ENDPOINTS.categories), async (c) =>
      c.json({ items: await reports.categories(c.req.valid('query').city) }, 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.setCategory), async (c) => {
      const { city, code } = c.req.valid('param');
      return c.json(await reports.setCategory(city, code, c.req.valid('json')), 200);
    })
    .openapi(routeOf(REPORT_ENDPOINTS.list), async (c) =>
      c.json(await reports.list(c.req.valid('query')), 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.nearby), async (c) =>
      c.json({ items: await reports.nearby(c.req.valid('query')) }, 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.mine), async (c) =>
      c.json({ items: await reports.mine(c.get('user').id) }, 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.queue), async (c) =>
      c.json(await reports.queue(c.req.valid('query')), 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.uploadPhoto), async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      return c.json(await reports.uploadPhoto(bytes, type, c.get('user')), 201);
    })
    .openapi(routeOf(REPORT_ENDPOINTS.photo), async (c) => {
      const caller = await getCurrentUser(c);
      const jpeg = await reports.photo(c.req.valid('param').id, caller);
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        // A photo never changes under its id; one not yet on a report is its uploader's alone.
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
      });
    })
    .openapi(routeOf(REPORT_ENDPOINTS.create), async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const { report, replayed } = await reports.create(c.req.valid('json'), c.get('user'), key);
      return c.json(report, replayed ? 200 : 201);
    })
    .openapi(routeOf(REPORT_ENDPOINTS.get), async (c) => {
      const caller = await getCurrentUser(c);
      return c.json(await reports.get(c.req.valid('param').id, caller), 200);
    })
    .openapi(routeOf(REPORT_ENDPOINTS.follow), async (c) =>
      c.json(await reports.follow(c.req.valid('param').id, c.get('user').id), 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.unfollow), async (c) =>
      c.json(await reports.unfollow(c.req.valid('param').id, c.get('user').id), 200),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.assign), async (c) =>
      c.json(
        await reports.assign(c.req.valid('param').id, c.req.valid('json'), c.get('user')),
        200,
      ),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.setStatus), async (c) =>
      c.json(
        await reports.setStatus(c.req.valid('param').id, c.req.valid('json'), c.get('user')),
        200,
      ),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.merge), async (c) =>
      c.json(
        await reports.merge(c.req.valid('param').id, c.req.valid('json').into, c.get('user')),
        200,
      ),
    )
    .openapi(routeOf(REPORT_ENDPOINTS.context), async (c) =>
      c.json(await reports.context(c.req.valid('param').id), 200),
    );
}
