import { ANALYTICS_BUCKET_S, analyticsSeriesSchema } from '@smart-city/shared';
import type { AnalyticsSeries, AnalyticsWindow, CityKey, SensorType } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export const SERIES_PATH = '/api/analytics/series';

/** The one cache key of a city series. */
export function seriesQueryKey(city: CityKey, metric: SensorType, window: AnalyticsWindow) {
  return ['analytics', 'series', city, metric, window] as const;
}

/** GET /api/analytics/series?city=&metric=&window=, validated against the shared contract. */
export function fetchCitySeries(
  city: CityKey,
  metric: SensorType,
  window: AnalyticsWindow,
  signal?: AbortSignal,
): Promise<AnalyticsSeries> {
  const query = new URLSearchParams({ city, metric, window });
  return apiGet(`${SERIES_PATH}?${query.toString()}`, analyticsSeriesSchema, signal);
}

export function seriesQueryOptions(city: CityKey, metric: SensorType, window: AnalyticsWindow) {
  return queryOptions({
    queryKey: seriesQueryKey(city, metric, window),
    queryFn: ({ signal }) => fetchCitySeries(city, metric, window, signal),
    // A series gains a point once a bucket: asking more often would only fetch the same answer.
    staleTime: ANALYTICS_BUCKET_S[window] * 1000,
    refetchInterval: ANALYTICS_BUCKET_S[window] * 1000,
  });
}

/** A city metric over a window, oldest point first; `enabled` false holds the request back. */
export function useCitySeries(
  city: CityKey,
  metric: SensorType,
  window: AnalyticsWindow,
  enabled = true,
) {
  return useQuery({
    ...seriesQueryOptions(city, metric, window),
    enabled,
    // While another window of the same city loads, the chart keeps the last one instead of
    // flashing empty; another city's series is never shown in its place.
    placeholderData: (previous: AnalyticsSeries | undefined) =>
      previous?.city === city && previous.metric === metric ? previous : undefined,
  });
}
