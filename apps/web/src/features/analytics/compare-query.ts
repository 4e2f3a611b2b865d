import { ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import type { AnalyticsWindow, SensorType } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY } from '../../lib/analytics/query-key';

/** One metric over a window in each of the three cities. */
function compareQueryOptions({ metric, window }: { metric: SensorType; window: AnalyticsWindow }) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'compare', metric, window],
    queryFn: ({ signal }) =>
      request(ANALYTICS_ENDPOINTS.compare, { query: { metric, window } }, { signal }),
  });
}

export function useAnalyticsComparison(selection: { metric: SensorType; window: AnalyticsWindow }) {
  return useQuery(compareQueryOptions(selection));
}
