import { ANALYTICS_ENDPOINTS, REPORT_ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { AnalyticsService } from './analytics.service';

export function analyticsRoutes(analytics: AnalyticsService) {
  return createRouter()
    .openapi(routeOf(ANALYTICS_ENDPOINTS.overview), async (c) => {
      const { city } = c.req.valid('query');
      return c.json(await analytics.overview(city), 200);
    })
    .openapi(routeOf(ANALYTICS_ENDPOINTS.series), async (c) => {
      const { city, metric, window } = c.req.valid('query');
      return c.json(await analytics.series(city, metric, window), 200);
    })
    .openapi(routeOf(ANALYTICS_ENDPOINTS.compare), async (c) => {
      const { metric, window } = c.req.valid('query');
      return c.json(await analytics.compare(metric, window), 200);
    })
    .openapi(routeOf(ANALYTICS_ENDPOINTS.forecast), async (c) => {
      const { city, metric } = c.req.valid('query');
      return c.json(await analytics.forecast(city, metric), 200);
    })
    .openapi(routeOf(ANALYTICS_ENDPOINTS.anomalies), async (c) => {
      const { city, metric, window } = c.req.valid('query');
      return c.json(await analytics.anomalies(city, metric, window), 200);
    })
    .openapi(routeOf(REPORT_ANALYTICS_ENDPOINTS.figures), async (c) => {
      return c.json(await analytics.reportFigures(c.req.valid('query')), 200);
    });
}
