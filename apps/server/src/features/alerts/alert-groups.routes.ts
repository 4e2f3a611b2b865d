import { ALERT_GROUP_ENDPOINTS, canHandleAlerts } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { AlertGroupsService } from './alert-groups.service';

export function alertGroupsRoutes(groups: AlertGroupsService) {
  let router = createRouter()
    .openapi(routeOf(ALERT_GROUP_ENDPOINTS.list), async (c) =>
      c.json(
        await groups.list({
          ...c.req.valid('query'),
          residentView: !canHandleAlerts(c.get('user').role),
        }),
        200,
      ),
    )
    .openapi(routeOf(ALERT_GROUP_ENDPOINTS.get), async (c) =>
      c.json(
        await groups.get(
          c.req.valid('param').id,
          c.req.valid('query'),
          !canHandleAlerts(c.get('user').role),
        ),
        200,
      ),
    );
  for (const action of ['acknowledge', 'resolve'] as const) {
    router = router.openapi(routeOf(ALERT_GROUP_ENDPOINTS[action]), async (c) => {
      const body = (c.req.valid('json') as { note?: string } | undefined) ?? {};
      return c.json(
        await groups.act(c.req.valid('param').id, action, c.get('user'), body.note),
        200,
      );
    });
  }
  return router;
}
