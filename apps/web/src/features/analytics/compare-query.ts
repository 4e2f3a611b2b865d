import { analyticsComparisonSchema } from '@smart-city/shared';
import type { AnalyticsWindow, SensorType } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY, analyticsQueryString } from '../../lib/analytics/query-key';

const ANALYTICS_COMPARE_PATH = '/api/analytics/compare';

/** GET /api/analytics/compare: one metric over a window in each of the three cities. */
function compareQueryOptions({ metric, window }: { metric: SensorType; window: AnalyticsWindow }) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'compare', metric, window],
    queryFn: ({ signal }) =>
      apiGet(
        `${ANALYTICS_COMPARE_PATH}?${analyticsQueryString({ metric, window })}`,
        analyticsComparisonSchema,
        signal,
      ),
  });
}

export function useAnalyticsComparison(selection: { metric: SensorType; window: AnalyticsWindow }) {
  return useQuery(compareQueryOptions(selection));
}
