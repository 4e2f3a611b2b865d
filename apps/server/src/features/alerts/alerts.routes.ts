import { ALERT_ACTIONS, ALERT_ENDPOINTS, canHandleAlerts, type Role } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { AlertAssignmentService } from './alert-assignment.service';
import { assigneeFilterOf, narrowingOf, type AlertsService } from './alerts.service';

/**
 * Whether the caller reads alerts as a resident: whoever does not handle alerts is not shown the
 * ones only operators can act on (a sensor gone silent).
 */
function residentView(user: { role: Role }): boolean {
  return !canHandleAlerts(user.role);
}

export function alertsRoutes(alerts: AlertsService, assignment: AlertAssignmentService) {
  let router = createRouter()
    .openapi(routeOf(ALERT_ENDPOINTS.list), async (c) => {
      const query = c.req.valid('query');
      const assignee = assigneeFilterOf(query.assignee, c.get('user').id);
      return c.json(
        await alerts.list({
          ...query,
          ...narrowingOf(query),
          assignee,
          residentView: residentView(c.get('user')),
        }),
        200,
      );
    })
    .openapi(routeOf(ALERT_ENDPOINTS.counts), async (c) => {
      const query = c.req.valid('query');
      const assignee = assigneeFilterOf(query.assignee, c.get('user').id);
      return c.json(
        await alerts.counts({
          ...query,
          ...narrowingOf(query),
          assignee,
          residentView: residentView(c.get('user')),
        }),
        200,
      );
    })
    // After /alerts/counts, which the pattern /alerts/{id} would match too.
    .openapi(routeOf(ALERT_ENDPOINTS.get), async (c) =>
      c.json(await alerts.get(c.req.valid('param').id, residentView(c.get('user'))), 200),
    )
    .openapi(routeOf(ALERT_ENDPOINTS.history), async (c) =>
      c.json(await alerts.history(c.req.valid('param').id, residentView(c.get('user'))), 200),
    )
    .openapi(routeOf(ALERT_ENDPOINTS.assign), async (c) =>
      c.json(
        await assignment.assign(
          c.req.valid('param').id,
          c.req.valid('json').assigneeId,
          c.get('user'),
        ),
        200,
      ),
    )
    .openapi(routeOf(ALERT_ENDPOINTS.shelve), async (c) =>
      c.json(await alerts.shelve(c.req.valid('param').id, c.req.valid('json'), c.get('user')), 200),
    )
    .openapi(routeOf(ALERT_ENDPOINTS.unshelve), async (c) =>
      c.json(await alerts.unshelve(c.req.valid('param').id, c.get('user')), 200),
    );
  for (const action of ALERT_ACTIONS) {
    router = router.openapi(routeOf(ALERT_ENDPOINTS[action]), async (c) => {
      const body = (c.req.valid('json') as { note?: string } | undefined) ?? {};
      const user = c.get('user');
      return c.json(await alerts.transition(c.req.valid('param').id, action, user, body.note), 200);
    });
  }
  return router;
}
