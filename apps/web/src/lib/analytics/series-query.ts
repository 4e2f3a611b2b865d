import { analyticsSeriesSchema } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { ANALYTICS_QUERY_KEY, analyticsQueryString } from './query-key';
import type { AnalyticsSelection } from './query-key';

const ANALYTICS_SERIES_PATH = '/api/analytics/series';

/** GET /api/analytics/series: one city metric over a window, in buckets, oldest first. */
export function seriesQueryOptions({ city, metric, window }: AnalyticsSelection) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'series', city, metric, window],
    queryFn: ({ signal }) =>
      apiGet(
        `${ANALYTICS_SERIES_PATH}?${analyticsQueryString({ city, metric, window })}`,
        analyticsSeriesSchema,
        signal,
      ),
  });
}

export function useAnalyticsSeries(selection: AnalyticsSelection) {
  return useQuery(seriesQueryOptions(selection));
}
