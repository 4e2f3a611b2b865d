import { OPEN_DATA_ENDPOINTS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { OPEN_DATA_QUERY_KEY } from './open-data-query-key';

/** The server makes a city's index once a minute; asking more often would show nothing new. */
const AIR_QUALITY_REFRESH_MS = 60_000;

function airQualityQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...OPEN_DATA_QUERY_KEY, 'air-quality', city] as const,
    queryFn: ({ signal }) =>
      request(OPEN_DATA_ENDPOINTS.airQuality, { params: { city }, query: {} }, { signal }),
    refetchInterval: AIR_QUALITY_REFRESH_MS,
  });
}

/** A city's air-quality index by its own standard, kept fresh while the page is open. */
export function useAirQuality(city: CityKey) {
  return useQuery(airQualityQueryOptions(city));
}
