import { STATS_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { StatsService } from './stats.service';

export function statsRoutes(stats: StatsService) {
  return createRouter().openapi(routeOf(STATS_ENDPOINTS.get), async (c) => {
    const { city } = c.req.valid('query');
    return c.json(await stats.get(city), 200);
  });
}
