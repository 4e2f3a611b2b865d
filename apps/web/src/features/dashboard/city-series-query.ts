import {
  ANALYTICS_BUCKET_S,
  type AnalyticsSeries,
  type AnalyticsWindow,
  type CityKey,
  type SensorType,
} from '@smart-city/shared';
import { useQuery } from '@tanstack/react-query';
import { seriesQueryOptions } from '../../lib/analytics/series-query';

/** A city metric over a window, oldest point first; `enabled` false holds the request back. */
export function useCitySeries(
  city: CityKey,
  metric: SensorType,
  window: AnalyticsWindow,
  enabled = true,
) {
  const bucketMs = ANALYTICS_BUCKET_S[window] * 1000;
  return useQuery({
    ...seriesQueryOptions({ city, metric, window }),
    // A series gains a point once a bucket: asking more often would only fetch the same answer.
    staleTime: bucketMs,
    refetchInterval: bucketMs,
    enabled,
    // While another window of the same city loads, the chart keeps the last one instead of
    // flashing empty; another city's series is never shown in its place.
    placeholderData: (previous: AnalyticsSeries | undefined) =>
      previous?.city === city && previous.metric === metric ? previous : undefined,
  });
}
