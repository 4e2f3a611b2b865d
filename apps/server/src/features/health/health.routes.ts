import { createRoute } from '@hono/zod-openapi';
import { healthLiveSchema, healthReadySchema, healthSchema } from '@smart-city/shared';
import type { Lifecycle } from '../../lib/lifecycle';
import { createRouter } from '../../http/router';
import type { HealthService } from './health.service';

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

const getLive = createRoute({
  method: 'get',
  path: '/health/live',
  tags: ['Health'],
  summary: 'Whether the process answers at all (restart it when this fails)',
  responses: {
    200: {
      description: 'The process answers',
      content: { 'application/json': { schema: healthLiveSchema } },
    },
  },
});

const getReady = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['Health'],
  summary: 'Whether the process takes traffic: started, not shutting down, database answering',
  responses: {
    200: {
      description: 'Ready for traffic',
      content: { 'application/json': { schema: healthReadySchema } },
    },
    503: {
      description: 'Starting, migrating, shutting down, or the database does not answer',
      content: { 'application/json': { schema: healthReadySchema } },
    },
  },
});

export function healthRoutes(health: HealthService, lifecycle: Lifecycle) {
  return createRouter()
    .openapi(getHealth, async (c) => {
      const report = await health.check();
      c.header('Cache-Control', 'no-store');
      return report.database === 'ok' ? c.json(report, 200) : c.json(report, 503);
    })
    .openapi(getLive, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(health.live(lifecycle.phase), 200);
    })
    .openapi(getReady, async (c) => {
      c.header('Cache-Control', 'no-store');
      const { phase } = lifecycle;
      if (phase !== 'ready')
        return c.json({ ready: false, phase, database: 'unknown' as const }, 503);
      const { database } = await health.check();
      return c.json({ ready: database === 'ok', phase, database }, database === 'ok' ? 200 : 503);
    });
}
