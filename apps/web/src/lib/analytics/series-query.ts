import { ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { ANALYTICS_QUERY_KEY } from './query-key';
import type { AnalyticsSelection } from './query-key';

/** One city metric over a window, in buckets, oldest first. */
export function seriesQueryOptions({ city, metric, window }: AnalyticsSelection) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'series', city, metric, window],
    queryFn: ({ signal }) =>
      request(ANALYTICS_ENDPOINTS.series, { query: { city, metric, window } }, { signal }),
  });
}

export function useAnalyticsSeries(selection: AnalyticsSelection) {
  return useQuery(seriesQueryOptions(selection));
}
