import { createRoute, type z } from '@hono/zod-openapi';
import {
  analyticsAnomaliesSchema,
  analyticsCompareQuerySchema,
  analyticsComparisonSchema,
  analyticsForecastQuerySchema,
  analyticsForecastSchema,
  analyticsSeriesQuerySchema,
  analyticsSeriesSchema,
  cityOverviewQuerySchema,
  cityOverviewSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { AnalyticsService } from './analytics.service';

/** A signed-in GET under /analytics with its query and answer. */
function analyticsRoute<Q extends z.ZodObject, R extends z.ZodType>(spec: {
  path: string;
  summary: string;
  query: Q;
  schema: R;
  description: string;
  badInput: string;
}) {
  return createRoute({
    method: 'get',
    path: `/analytics/${spec.path}`,
    tags: ['Analytics'],
    summary: spec.summary,
    security: SIGNED_IN_SECURITY,
    middleware: requireUser,
    request: { query: spec.query },
    responses: {
      200: {
        description: spec.description,
        content: { 'application/json': { schema: spec.schema } },
      },
      400: errorContent(spec.badInput),
      401: errorContent('Not signed in'),
    },
  });
}

const overviewRoute = analyticsRoute({
  path: 'overview',
  summary: "A city's six dashboard figures now, against the same 15 minutes yesterday",
  query: cityOverviewQuerySchema,
  schema: cityOverviewSchema,
  description: 'One summary per sensor type',
  badInput: 'Unknown city',
});

const seriesRoute = analyticsRoute({
  path: 'series',
  summary: 'A city metric over 1h, 24h, 7d or 30d in time buckets, oldest first',
  query: analyticsSeriesQuerySchema,
  schema: analyticsSeriesSchema,
  description: 'Buckets from the per-minute rollups; buckets without readings are left out',
  badInput: 'Unknown city, metric or window',
});

const compareRoute = analyticsRoute({
  path: 'compare',
  summary: 'One metric across the three cities over a window',
  query: analyticsCompareQuerySchema,
  schema: analyticsComparisonSchema,
  description: 'Each city with its series, average, range and latest bucket',
  badInput: 'Unknown metric or window',
});

const forecastRoute = analyticsRoute({
  path: 'forecast',
  summary: 'The next 24 hours of a city metric, from up to 14 days of hourly history',
  query: analyticsForecastQuerySchema,
  schema: analyticsForecastSchema,
  description:
    'The backtested better of Holt-Winters and seasonal-naive with 95 % bounds; model null with too little history',
  badInput: 'Unknown city or metric',
});

const anomaliesRoute = analyticsRoute({
  path: 'anomalies',
  summary: "The unusual buckets of a city metric's window, by z-score",
  query: analyticsSeriesQuerySchema,
  schema: analyticsAnomaliesSchema,
  description: 'Mean, standard deviation and the buckets at or past the threshold',
  badInput: 'Unknown city, metric or window',
});

export function analyticsRoutes(analytics: AnalyticsService) {
  return createRouter()
    .openapi(overviewRoute, async (c) => {
      const { city } = c.req.valid('query');
      return c.json(await analytics.overview(city), 200);
    })
    .openapi(seriesRoute, async (c) => {
      const { city, metric, window } = c.req.valid('query');
      return c.json(await analytics.series(city, metric, window), 200);
    })
    .openapi(compareRoute, async (c) => {
      const { metric, window } = c.req.valid('query');
      return c.json(await analytics.compare(metric, window), 200);
    })
    .openapi(forecastRoute, async (c) => {
      const { city, metric } = c.req.valid('query');
      return c.json(await analytics.forecast(city, metric), 200);
    })
    .openapi(anomaliesRoute, async (c) => {
      const { city, metric, window } = c.req.valid('query');
      return c.json(await analytics.anomalies(city, metric, window), 200);
    });
}
