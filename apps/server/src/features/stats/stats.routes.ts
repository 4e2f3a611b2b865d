import { createRoute } from '@hono/zod-openapi';
import { statsQuerySchema, statsSchema } from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { StatsService } from './stats.service';

const getStatsRoute = createRoute({
  method: 'get',
  path: '/stats',
  tags: ['Sensors'],
  summary: 'Sensor and active-alert counts, for one city or all',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: statsQuerySchema },
  responses: {
    200: { description: 'The counts', content: { 'application/json': { schema: statsSchema } } },
    400: errorContent('Unknown city'),
    401: errorContent('Not signed in'),
  },
});

export function statsRoutes(stats: StatsService) {
  return createRouter().openapi(getStatsRoute, async (c) => {
    const { city } = c.req.valid('query');
    return c.json(await stats.get(city), 200);
  });
}
