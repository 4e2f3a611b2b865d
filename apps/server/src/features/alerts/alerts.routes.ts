import { createRoute, z } from '@hono/zod-openapi';
import {
  ALERT_ACTIONS,
  alertAssignSchema,
  alertCountsQuerySchema,
  alertCountsSchema,
  alertHistoryEntrySchema,
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertShelveSchema,
  alertTransitionSchema,
  canAssignAlerts,
  canHandleAlerts,
  type AlertAction,
  type Role,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
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

const alertParams = z.object({ id: z.string().min(1).max(100) });

const listAlertsRoute = createRoute({
  method: 'get',
  path: '/alerts',
  tags: ['Alerts'],
  summary:
    'Alerts newest first (or the worst first with order=severity), filtered by city, status, severity and text',
  description:
    'Shelved alerts (open or acknowledged, shelved until a time still to come) are left out of ' +
    '`status=active`, `open` and `acknowledged`; `status=shelved` lists only them. Without a ' +
    'status every alert is listed, shelved or not. `from`, `to` and `raisedBefore` bound when ' +
    'the alerts were raised, `chattering` and `grouped` keep the chattering alerts or those in a ' +
    'flood group (or leave them out), `sensorId` and `rule` keep one sensor’s alerts of one rule: ' +
    'the alarm KPIs link to the alerts behind each figure with them.',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: alertListQuerySchema },
  responses: {
    200: {
      description: 'The alerts',
      content: { 'application/json': { schema: alertListSchema } },
    },
    400: errorContent('A filter is invalid'),
    401: errorContent('Not signed in'),
  },
});

const countsRoute = createRoute({
  method: 'get',
  path: '/alerts/counts',
  tags: ['Alerts'],
  summary: 'How many alerts each severity and status filter shows, over all alerts, not one page',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: alertCountsQuerySchema },
  responses: {
    200: {
      description:
        'Counts per severity (within the status filter) and per status (within the severity filter)',
      content: { 'application/json': { schema: alertCountsSchema } },
    },
    400: errorContent('A filter is invalid'),
    401: errorContent('Not signed in'),
  },
});

const getAlertRoute = createRoute({
  method: 'get',
  path: '/alerts/{id}',
  tags: ['Alerts'],
  summary: 'One alert',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: alertParams },
  responses: {
    200: jsonContent('The alert', alertSchema),
    401: errorContent('Not signed in'),
    404: errorContent('No such alert'),
  },
});

const assignRoute = createRoute({
  method: 'post',
  path: '/alerts/{id}/assign',
  tags: ['Alerts'],
  summary:
    'Assigns an active alert (operators take it themselves, admins assign anyone); null hands it back',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canAssignAlerts),
  request: {
    params: alertParams,
    body: { required: true, content: { 'application/json': { schema: alertAssignSchema } } },
  },
  responses: {
    200: jsonContent('The alert', alertSchema),
    400: errorContent('The assignee is not an active operator or admin'),
    401: errorContent('Not signed in'),
    403: errorContent('Citizens cannot assign; operators assign only themselves'),
    404: errorContent('No such alert'),
    409: errorContent('The alert is resolved or dismissed'),
  },
});

const historyRoute = createRoute({
  method: 'get',
  path: '/alerts/{id}/history',
  tags: ['Alerts'],
  summary: 'Every change of an alert: raised, escalated, acknowledged, resolved, with who and when',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: alertParams },
  responses: {
    200: {
      description: 'The changes, oldest first',
      content: { 'application/json': { schema: z.array(alertHistoryEntrySchema) } },
    },
    401: errorContent('Not signed in'),
    404: errorContent('No such alert'),
  },
});

const shelveRoute = createRoute({
  method: 'post',
  path: '/alerts/{id}/shelve',
  tags: ['Alerts'],
  summary:
    'Shelves an open or acknowledged alert for 1 to 1440 minutes with a reason (operator, admin)',
  description:
    'A shelved alert keeps its status but leaves the active lists, counts and figures and does ' +
    'not escalate until `shelvedUntil`; it comes back then, or earlier when its value worsens. ' +
    'Shelving a shelved alert again sets a new time and reason. Recorded in the history and on ' +
    'the transparency ledger (without the reason).',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  request: {
    params: alertParams,
    body: { required: true, content: { 'application/json': { schema: alertShelveSchema } } },
  },
  responses: {
    200: jsonContent('The alert', alertSchema),
    400: errorContent('The minutes or the reason are invalid'),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins handle alerts'),
    404: errorContent('No such alert'),
    409: errorContent('The alert is resolved or dismissed'),
  },
});

const unshelveRoute = createRoute({
  method: 'post',
  path: '/alerts/{id}/unshelve',
  tags: ['Alerts'],
  summary: 'Ends the shelve of an alert before its time (operator, admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  request: { params: alertParams },
  responses: {
    200: jsonContent('The alert, active again', alertSchema),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins handle alerts'),
    404: errorContent('No such alert'),
    409: errorContent('The alert is not shelved'),
  },
});

function transitionRoute(action: AlertAction) {
  return createRoute({
    method: 'post',
    path: `/alerts/{id}/${action}`,
    tags: ['Alerts'],
    summary: `${action[0]!.toUpperCase()}${action.slice(1)}s an alert (operator, admin)`,
    security: SIGNED_IN_SECURITY,
    middleware: requirePolicy(canHandleAlerts),
    request: {
      params: alertParams,
      body: { required: false, content: { 'application/json': { schema: alertTransitionSchema } } },
    },
    responses: {
      200: { description: 'The alert', content: { 'application/json': { schema: alertSchema } } },
      400: errorContent('The note is invalid'),
      401: errorContent('Not signed in'),
      403: errorContent('Only operators and admins handle alerts'),
      404: errorContent('No such alert'),
      409: errorContent('The alert is not in a status this action starts from'),
    },
  });
}

export function alertsRoutes(alerts: AlertsService, assignment: AlertAssignmentService) {
  let router = createRouter()
    .openapi(listAlertsRoute, async (c) => {
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
    .openapi(countsRoute, async (c) => {
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
    .openapi(getAlertRoute, async (c) =>
      c.json(await alerts.get(c.req.valid('param').id, residentView(c.get('user'))), 200),
    )
    .openapi(historyRoute, async (c) =>
      c.json(await alerts.history(c.req.valid('param').id, residentView(c.get('user'))), 200),
    )
    .openapi(assignRoute, async (c) =>
      c.json(
        await assignment.assign(
          c.req.valid('param').id,
          c.req.valid('json').assigneeId,
          c.get('user'),
        ),
        200,
      ),
    )
    .openapi(shelveRoute, async (c) =>
      c.json(await alerts.shelve(c.req.valid('param').id, c.req.valid('json'), c.get('user')), 200),
    )
    .openapi(unshelveRoute, async (c) =>
      c.json(await alerts.unshelve(c.req.valid('param').id, c.get('user')), 200),
    );
  for (const action of ALERT_ACTIONS) {
    router = router.openapi(transitionRoute(action), async (c) => {
      const body = (c.req.valid('json') as { note?: string } | undefined) ?? {};
      const user = c.get('user');
      return c.json(await alerts.transition(c.req.valid('param').id, action, user, body.note), 200);
    });
  }
  return router;
}
