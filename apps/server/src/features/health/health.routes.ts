import { createRoute } from '@hono/zod-openapi';
import { healthSchema } from '@smart-city/shared';
import type { HealthService } from './health.service';
import { createRouter } from '../../http/router';

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Whether the server and its database answer',
  responses: {
    200: {
      description: 'Server and database are up',
      content: { 'application/json': { schema: healthSchema } },
    },
    503: {
      description: 'The database does not answer',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
});

export function healthRoutes(health: HealthService) {
  return createRouter().openapi(getHealth, async (c) => {
    const report = await health.check();
    c.header('Cache-Control', 'no-store');
    return report.database === 'ok' ? c.json(report, 200) : c.json(report, 503);
  });
}
