import { createRoute, z } from '@hono/zod-openapi';
import {
  alertGroupActionBodySchema,
  alertGroupDetailSchema,
  alertGroupListQuerySchema,
  alertGroupListSchema,
  alertGroupMembersQuerySchema,
  alertGroupSchema,
  canHandleAlerts,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { AlertGroupsService } from './alert-groups.service';

const groupParams = z.object({ id: z.string().min(1).max(100) });

const listRoute = createRoute({
  method: 'get',
  path: '/alert-groups',
  tags: ['Alerts'],
  summary: 'Alarm floods: groups of alerts of one kind raised together in a city, the latest first',
  description:
    'More than 20 alerts of one kind (sensor type and rule) raised in a city within 10 minutes ' +
    'become one group; later alerts of that kind join it while it is active. `status=active` ' +
    '(the default) lists the open and acknowledged groups. Residents are not shown groups of ' +
    'alerts only operators act on (sensors gone silent).',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: alertGroupListQuerySchema },
  responses: {
    200: jsonContent('The groups', alertGroupListSchema),
    400: errorContent('A filter is invalid'),
    401: errorContent('Not signed in'),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/alert-groups/{id}',
  tags: ['Alerts'],
  summary: 'One alert group with a page of its alerts in id order (`cursor` for the next page)',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: groupParams, query: alertGroupMembersQuerySchema },
  responses: {
    200: jsonContent('The group and a page of its alerts', alertGroupDetailSchema),
    400: errorContent('The page is invalid'),
    401: errorContent('Not signed in'),
    404: errorContent('No such group'),
  },
});

function actionRoute(action: 'acknowledge' | 'resolve') {
  return createRoute({
    method: 'post',
    path: `/alert-groups/{id}/${action}`,
    tags: ['Alerts'],
    summary: `${action === 'acknowledge' ? 'Acknowledges' : 'Resolves'} a group and its alerts as one (operator, admin)`,
    security: SIGNED_IN_SECURITY,
    middleware: requirePolicy(canHandleAlerts),
    request: {
      params: groupParams,
      body: {
        required: false,
        content: { 'application/json': { schema: alertGroupActionBodySchema } },
      },
    },
    responses: {
      200: jsonContent('The group', alertGroupSchema),
      400: errorContent('The note is invalid'),
      401: errorContent('Not signed in'),
      403: errorContent('Only operators and admins handle alerts'),
      404: errorContent('No such group'),
      409: errorContent('The group is not in a status this action starts from'),
    },
  });
}

export function alertGroupsRoutes(groups: AlertGroupsService) {
  let router = createRouter()
    .openapi(listRoute, async (c) =>
      c.json(
        await groups.list({
          ...c.req.valid('query'),
          residentView: !canHandleAlerts(c.get('user').role),
        }),
        200,
      ),
    )
    .openapi(getRoute, async (c) =>
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
    router = router.openapi(actionRoute(action), async (c) => {
      const body = (c.req.valid('json') as { note?: string } | undefined) ?? {};
      return c.json(
        await groups.act(c.req.valid('param').id, action, c.get('user'), body.note),
        200,
      );
    });
  }
  return router;
}
