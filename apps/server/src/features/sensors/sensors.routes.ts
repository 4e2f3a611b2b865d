import { createRoute, z } from '@hono/zod-openapi';
import {
  canChangeSensors,
  canRegisterSensors,
  MAX_SENSOR_LIST,
  MAX_SENSOR_REGISTRATION_BATCH,
  MAX_SENSOR_REGISTRATION_BODY_BYTES,
  sensorClustersQuerySchema,
  sensorClustersSchema,
  sensorCountsSchema,
  sensorFilterQuerySchema,
  sensorListQuerySchema,
  sensorListSchema,
  sensorPageSchema,
  sensorRegistrationRequestSchema,
  sensorRegistrationResultSchema,
  sensorSchema,
  sensorUpdateSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { SensorsService } from './sensors.service';

const sensorParams = z.object({ id: z.string().min(1).max(100) });

/** The page size when a cursor comes without a limit. */
const DEFAULT_PAGE_SIZE = 100;

const listSensorsRoute = createRoute({
  method: 'get',
  path: '/sensors',
  tags: ['Sensors'],
  summary: 'Sensors with their latest value: a page with limit or cursor, else the plain list',
  description:
    'Filtered by city, type, status, text (`q`, in the name, place or id) and map area ' +
    '(`bbox=west,south,east,north`), in the order of `sort`. With `limit` (at most 500) or ' +
    '`cursor` the answer is a page `{ items, nextCursor, total }`; pass `nextCursor` as `cursor` ' +
    `for the next one. Without both it is the plain array of at most ${MAX_SENSOR_LIST.toLocaleString('en')} ` +
    'sensors, with `X-Total-Count` saying how many matched.',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: sensorListQuerySchema },
  responses: {
    200: {
      description: 'The page, or the plain list',
      headers: {
        'X-Total-Count': {
          description: 'How many sensors matched (the plain list only)',
          schema: { type: 'integer' },
        },
      },
      content: { 'application/json': { schema: z.union([sensorPageSchema, sensorListSchema]) } },
    },
    400: errorContent('A filter, the limit or the cursor is invalid'),
    401: errorContent('Not signed in'),
  },
});

const sensorCountsRoute = createRoute({
  method: 'get',
  path: '/sensors/counts',
  tags: ['Sensors'],
  summary: 'How many sensors the filters match, per type and per status',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: sensorFilterQuerySchema },
  responses: {
    200: {
      description: 'The counts',
      content: { 'application/json': { schema: sensorCountsSchema } },
    },
    400: errorContent('A filter is invalid'),
    401: errorContent('Not signed in'),
  },
});

const sensorClustersRoute = createRoute({
  method: 'get',
  path: '/sensors/clusters',
  tags: ['Sensors'],
  summary: "The matching sensors as a map's marks at one zoom level: clusters and single sensors",
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: sensorClustersQuerySchema },
  responses: {
    200: {
      description: 'The clusters',
      content: { 'application/json': { schema: sensorClustersSchema } },
    },
    400: errorContent('A filter or the zoom is invalid'),
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
  middleware: requirePolicy(canChangeSensors),
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

/** The path of `POST /api/sensors` under /api, for its larger body limit. */
export const SENSORS_PATH = '/sensors';

const registerSensorsRoute = createRoute({
  method: 'post',
  path: SENSORS_PATH,
  tags: ['Sensors'],
  summary: 'Adds sensors to the registry, one or a batch (admin)',
  description:
    `One to ${MAX_SENSOR_REGISTRATION_BATCH.toLocaleString('en')} sensors, each id once; a sensor ` +
    "without a unit measures in its type's. All of them are stored or none: an entry that is " +
    'wrong is refused by its path (`sensors.12.lat`) and nothing is added. Ids already registered ' +
    'are kept as they are, so sending the same batch again adds nothing; `added` says how many ' +
    "were new. The cities' followers get their new counts live.",
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canRegisterSensors),
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: sensorRegistrationRequestSchema } },
    },
  },
  responses: {
    201: {
      description: 'How many of the sensors were new',
      content: { 'application/json': { schema: sensorRegistrationResultSchema } },
    },
    400: errorContent('An entry is invalid, or an id is given twice'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins register sensors'),
    413: errorContent(`A body over ${MAX_SENSOR_REGISTRATION_BODY_BYTES / 1024 / 1024} MB`),
  },
});

export function sensorsRoutes(sensors: SensorsService) {
  return createRouter()
    .openapi(listSensorsRoute, async (c) => {
      const { sort, limit, cursor, ...filter } = c.req.valid('query');
      if (limit !== undefined || cursor !== undefined) {
        return c.json(
          await sensors.page(filter, { sort, limit: limit ?? DEFAULT_PAGE_SIZE, cursor }),
          200,
        );
      }
      const { sensors: list, total } = await sensors.list(filter, sort);
      c.header('X-Total-Count', String(total));
      return c.json(list, 200);
    })
    .openapi(sensorCountsRoute, async (c) =>
      c.json(await sensors.counts(c.req.valid('query')), 200),
    )
    .openapi(sensorClustersRoute, async (c) => {
      const { zoom, ...filter } = c.req.valid('query');
      return c.json(await sensors.clusters(filter, zoom), 200);
    })
    .openapi(getSensorRoute, async (c) => c.json(await sensors.get(c.req.valid('param').id), 200))
    .openapi(updateSensorRoute, async (c) =>
      c.json(await sensors.update(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(registerSensorsRoute, async (c) =>
      c.json({ added: await sensors.register(c.req.valid('json').sensors) }, 201),
    );
}
