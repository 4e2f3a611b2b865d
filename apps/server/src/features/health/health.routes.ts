import { HEALTH_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import type { Lifecycle } from '../../lib/lifecycle';
import { createRouter } from '../../http/router';
import type { HealthService } from './health.service';

export function healthRoutes(health: HealthService, lifecycle: Lifecycle) {
  return createRouter()
    .openapi(routeOf(HEALTH_ENDPOINTS.get), async (c) => {
      const report = await health.check();
      c.header('Cache-Control', 'no-store');
      return report.database === 'ok' ? c.json(report, 200) : c.json(report, 503);
    })
    .openapi(routeOf(HEALTH_ENDPOINTS.live), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(health.live(lifecycle.phase), 200);
    })
    .openapi(routeOf(HEALTH_ENDPOINTS.ready), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { phase } = lifecycle;
      if (phase !== 'ready')
        return c.json({ ready: false, phase, database: 'unknown' as const }, 503);
      const { database } = await health.check();
      return c.json({ ready: database === 'ok', phase, database }, database === 'ok' ? 200 : 503);
    });
}
