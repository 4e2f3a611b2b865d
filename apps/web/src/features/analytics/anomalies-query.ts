import { analyticsAnomaliesSchema } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY, analyticsQueryString } from '../../lib/analytics/query-key';
import type { AnalyticsSelection } from '../../lib/analytics/query-key';

const ANALYTICS_ANOMALIES_PATH = '/api/analytics/anomalies';

/** GET /api/analytics/anomalies: the buckets of the window whose z-score passes the threshold. */
function anomaliesQueryOptions({ city, metric, window }: AnalyticsSelection) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'anomalies', city, metric, window],
    queryFn: ({ signal }) =>
      apiGet(
        `${ANALYTICS_ANOMALIES_PATH}?${analyticsQueryString({ city, metric, window })}`,
        analyticsAnomaliesSchema,
        signal,
      ),
  });
}

export function useAnalyticsAnomalies(selection: AnalyticsSelection) {
  return useQuery(anomaliesQueryOptions(selection));
}
