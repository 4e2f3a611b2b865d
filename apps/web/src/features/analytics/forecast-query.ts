import { ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY } from '../../lib/analytics/query-key';

/** The next 24 hourly values, or a null model with the history there is. */
function forecastQueryOptions({ city, metric }: { city: CityKey; metric: SensorType }) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'forecast', city, metric],
    queryFn: ({ signal }) =>
      request(ANALYTICS_ENDPOINTS.forecast, { query: { city, metric } }, { signal }),
  });
}

export function useAnalyticsForecast(selection: { city: CityKey; metric: SensorType }) {
  return useQuery(forecastQueryOptions(selection));
}
