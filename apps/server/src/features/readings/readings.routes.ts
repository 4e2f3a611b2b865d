import { createRoute, z } from '@hono/zod-openapi';
import {
  canSeeStorage,
  readingHistoryQuerySchema,
  readingHistorySchema,
  readingsStorageSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { ReadingsService } from './readings.service';

const historyRoute = createRoute({
  method: 'get',
  path: '/sensors/{id}/readings',
  tags: ['Sensors'],
  summary:
    "A sensor's readings over 1h, 24h, 7d, 30d (hourly) or 1y (daily), newest first, at most 1,000 points",
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    query: readingHistoryQuerySchema,
  },
  responses: {
    200: {
      description: 'Raw readings (bucketS 0) or time buckets',
      content: { 'application/json': { schema: readingHistorySchema } },
    },
    400: errorContent('Unknown window'),
    401: errorContent('Not signed in'),
    404: errorContent('No such sensor'),
  },
});

const storageRoute = createRoute({
  method: 'get',
  path: '/admin/storage',
  tags: ['Sensors'],
  summary: 'What the readings take on disk and how long each kind is kept (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canSeeStorage),
  responses: {
    200: {
      description: 'Sizes, partitions, the oldest day held and the retention in force',
      content: { 'application/json': { schema: readingsStorageSchema } },
    },
    401: errorContent('Not signed in'),
    403: errorContent('Only admins see the storage'),
  },
});

export function readingsRoutes(readings: ReadingsService) {
  return createRouter()
    .openapi(historyRoute, async (c) =>
      c.json(await readings.history(c.req.valid('param').id, c.req.valid('query').window), 200),
    )
    .openapi(storageRoute, async (c) => {
      const storage = await readings.storage();
      return c.json(
        { ...storage, oldestReading: storage.oldestReading?.toISOString() ?? null },
        200,
      );
    });
}
