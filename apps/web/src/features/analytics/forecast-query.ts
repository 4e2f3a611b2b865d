import { analyticsForecastSchema } from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { ANALYTICS_QUERY_KEY, analyticsQueryString } from '../../lib/analytics/query-key';

const ANALYTICS_FORECAST_PATH = '/api/analytics/forecast';

/** GET /api/analytics/forecast: the next 24 hourly values, or a null model with the history there is. */
function forecastQueryOptions({ city, metric }: { city: CityKey; metric: SensorType }) {
  return queryOptions({
    queryKey: [...ANALYTICS_QUERY_KEY, 'forecast', city, metric],
    queryFn: ({ signal }) =>
      apiGet(
        `${ANALYTICS_FORECAST_PATH}?${analyticsQueryString({ city, metric })}`,
        analyticsForecastSchema,
        signal,
      ),
  });
}

export function useAnalyticsForecast(selection: { city: CityKey; metric: SensorType }) {
  return useQuery(forecastQueryOptions(selection));
}
