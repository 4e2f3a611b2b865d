import { createRoute, z } from '@hono/zod-openapi';
import {
  canHandleAlerts,
  canScheduleMaintenance,
  createMaintenanceWindowSchema,
  maintenanceWindowListQuerySchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { MaintenanceWindowsService } from './maintenance-windows.service';

const adminOnly = requirePolicy(canScheduleMaintenance);
const windowParams = z.object({ id: z.string().min(1).max(100) });

const listRoute = createRoute({
  method: 'get',
  path: '/maintenance-windows',
  tags: ['Alerts'],
  summary:
    'The maintenance windows of a city: current and upcoming first (soonest to start first), then ' +
    'those ended in the last 7 days (operators, admins)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  request: { query: maintenanceWindowListQuerySchema },
  responses: {
    200: jsonContent('The windows', maintenanceWindowListSchema),
    400: errorContent('The city is missing or unknown'),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins see maintenance windows'),
  },
});

const createWindowRoute = createRoute({
  method: 'post',
  path: '/maintenance-windows',
  tags: ['Alerts'],
  summary: 'Schedules a maintenance window; recorded in the ledger (admin)',
  description:
    'While a window is active, alerts raised for the sensors it covers are stored with ' +
    '`suppressed: true`: not announced, counted as active nor escalated, and listed with ' +
    '`GET /api/alerts?status=suppressed`. A window covers the sensors of its city that are among ' +
    '`sensorIds` (when given), of `type` (when given) and within `area` (when given: the sensors ' +
    'standing within the area’s circle, as the citizen home draws it); with none of the three, ' +
    'the whole city. `endsAt` must be after `startsAt`, in the future and at most 30 days after ' +
    '`startsAt`; `reason` is 1 to 500 characters once trimmed; `sensorIds` names 1 to 1,000 ' +
    'sensors of the city (the error names those that are not).',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: createMaintenanceWindowSchema } },
    },
  },
  responses: {
    201: jsonContent('The window', maintenanceWindowSchema),
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins schedule maintenance windows'),
  },
});

const deleteWindowRoute = createRoute({
  method: 'delete',
  path: '/maintenance-windows/{id}',
  tags: ['Alerts'],
  summary:
    'Ends a maintenance window now, or calls off one still to come; recorded in the ledger (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { params: windowParams },
  responses: {
    204: { description: 'Ended' },
    401: errorContent('Not signed in'),
    403: errorContent('Only admins end maintenance windows'),
    404: errorContent('No such window'),
  },
});

export function maintenanceWindowsRoutes(windows: MaintenanceWindowsService) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await windows.list(c.req.valid('query').city), 200))
    .openapi(createWindowRoute, async (c) =>
      c.json(await windows.create(c.req.valid('json'), c.get('user')), 201),
    )
    .openapi(deleteWindowRoute, async (c) => {
      await windows.remove(c.req.valid('param').id, c.get('user'));
      return c.body(null, 204);
    });
}
