import { createRoute, z } from '@hono/zod-openapi';
import {
  sensorListQuerySchema,
  sensorListSchema,
  sensorSchema,
  sensorUpdateSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireRole, requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { SensorsService } from './sensors.service';

const sensorParams = z.object({ id: z.string().min(1).max(100) });

const listSensorsRoute = createRoute({
  method: 'get',
  path: '/sensors',
  tags: ['Sensors'],
  summary: 'Sensors with their latest value, filtered by city, type and status',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: sensorListQuerySchema },
  responses: {
    200: {
      description: 'The sensors',
      content: { 'application/json': { schema: sensorListSchema } },
    },
    400: errorContent('A filter is invalid'),
    401: errorContent('Not signed in'),
  },
});

const getSensorRoute = createRoute({
  method: 'get',
  path: '/sensors/{id}',
  tags: ['Sensors'],
  summary: 'One sensor with its latest value',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: sensorParams },
  responses: {
    200: { description: 'The sensor', content: { 'application/json': { schema: sensorSchema } } },
    401: errorContent('Not signed in'),
    404: errorContent('No such sensor'),
  },
});

const updateSensorRoute = createRoute({
  method: 'patch',
  path: '/sensors/{id}',
  tags: ['Sensors'],
  summary: "Changes a sensor's status and/or metadata (operator, admin)",
  security: SIGNED_IN_SECURITY,
  middleware: requireRole('operator', 'admin'),
  request: {
    params: sensorParams,
    body: { required: true, content: { 'application/json': { schema: sensorUpdateSchema } } },
  },
  responses: {
    200: {
      description: 'The updated sensor',
      content: { 'application/json': { schema: sensorSchema } },
    },
    400: errorContent('The change is invalid'),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins change sensors'),
    404: errorContent('No such sensor'),
  },
});

export function sensorsRoutes(sensors: SensorsService) {
  return createRouter()
    .openapi(listSensorsRoute, async (c) => c.json(await sensors.list(c.req.valid('query')), 200))
    .openapi(getSensorRoute, async (c) => c.json(await sensors.get(c.req.valid('param').id), 200))
    .openapi(updateSensorRoute, async (c) =>
      c.json(await sensors.update(c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
