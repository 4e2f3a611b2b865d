import { ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY } from '../../lib/analytics/query-key';
import type { AnalyticsSelection } from '../../lib/analytics/query-key';

/** The buckets of the window whose z-score passes the threshold. */
function anomaliesQueryOptions({ city, metric, window }: AnalyticsSelection) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'anomalies', city, metric, window],
    queryFn: ({ signal }) =>
      request(ANALYTICS_ENDPOINTS.anomalies, { query: { city, metric, window } }, { signal }),
  });
}

export function useAnalyticsAnomalies(selection: AnalyticsSelection) {
  return useQuery(anomaliesQueryOptions(selection));
}
