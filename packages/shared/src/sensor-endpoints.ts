import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canChangeSensors, canRegisterSensors } from './policies';
import {
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
} from './sensors';

const NO_SUCH_SENSOR = { 404: 'No such sensor' } as const;

/** The registry of sensors: lists, counts and map clusters, one sensor, changes and imports. */
export const SENSOR_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/sensors',
    summary: 'Sensors with their latest value: a page with limit or cursor, else the plain list',
    notes:
      'Filtered by city, type, status, text (`q`, in the name, place or id) and map area ' +
      '(`bbox=west,south,east,north`), in the order of `sort`. With `limit` (at most 500) or ' +
      '`cursor` the answer is a page `{ items, nextCursor, total }`; pass `nextCursor` as `cursor` ' +
      `for the next one. Without both it is the plain array of at most ${MAX_SENSOR_LIST.toLocaleString('en')} ` +
      'sensors, with `X-Total-Count` saying how many matched.',
    tags: ['Sensors'],
    access: 'signed-in',
    query: sensorListQuerySchema,
    status: 200,
    response: z.union([sensorPageSchema, sensorListSchema]),
    description: 'The page, or the plain list',
    responseHeaders: {
      'X-Total-Count': {
        description: 'How many sensors matched (the plain list only)',
        type: 'integer',
      },
    },
    errors: { 400: 'A filter, the limit or the cursor is invalid' },
  },
  counts: {
    method: 'get',
    path: '/api/sensors/counts',
    summary: 'How many sensors the filters match, per type and per status',
    tags: ['Sensors'],
    access: 'signed-in',
    query: sensorFilterQuerySchema,
    status: 200,
    response: sensorCountsSchema,
    description: 'The counts',
    errors: { 400: 'A filter is invalid' },
  },
  clusters: {
    method: 'get',
    path: '/api/sensors/clusters',
    summary: "The matching sensors as a map's marks at one zoom level: clusters and single sensors",
    tags: ['Sensors'],
    access: 'signed-in',
    query: sensorClustersQuerySchema,
    status: 200,
    response: sensorClustersSchema,
    description: 'The clusters',
    errors: { 400: 'A filter or the zoom is invalid' },
  },
  get: {
    method: 'get',
    path: '/api/sensors/{id}',
    summary: 'One sensor with its latest value',
    tags: ['Sensors'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: sensorSchema,
    description: 'The sensor',
    errors: NO_SUCH_SENSOR,
  },
  update: {
    method: 'patch',
    path: '/api/sensors/{id}',
    summary: "Changes a sensor's status and/or metadata (operator, admin)",
    tags: ['Sensors'],
    access: canChangeSensors,
    params: idParamsSchema,
    body: sensorUpdateSchema,
    status: 200,
    response: sensorSchema,
    description: 'The updated sensor',
    errors: { 400: 'The change is invalid', ...NO_SUCH_SENSOR },
  },
  register: {
    method: 'post',
    path: '/api/sensors',
    summary: 'Adds sensors to the registry, one or a batch (admin)',
    notes:
      `One to ${MAX_SENSOR_REGISTRATION_BATCH.toLocaleString('en')} sensors, each id once; a sensor ` +
      "without a unit measures in its type's. All of them are stored or none: an entry that is " +
      'wrong is refused by its path (`sensors.12.lat`) and nothing is added. Ids already registered ' +
      'are kept as they are, so sending the same batch again adds nothing; `added` says how many ' +
      "were new. The cities' followers get their new counts live.",
    tags: ['Sensors'],
    access: canRegisterSensors,
    body: sensorRegistrationRequestSchema,
    status: 201,
    response: sensorRegistrationResultSchema,
    description: 'How many of the sensors were new',
    errors: {
      400: 'An entry is invalid, or an id is given twice',
      413: `A body over ${MAX_SENSOR_REGISTRATION_BODY_BYTES / 1024 / 1024} MB`,
    },
  },
} as const satisfies Record<string, Endpoint>;
