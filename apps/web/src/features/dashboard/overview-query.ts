import { ANALYTICS_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, CityOverview } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/**
 * The trends and the secondary figures only move with the server's rollups, so a minute is fresh
 * enough; the headline values move faster and come from the live state meanwhile.
 */
const OVERVIEW_REFRESH_MS = 60_000;

/** The one cache key of a city's overview. */
export function overviewQueryKey(city: CityKey) {
  return ['analytics', 'overview', city] as const;
}

/** A city's overview, checked against the shared contract. */
function fetchCityOverview(city: CityKey, signal?: AbortSignal): Promise<CityOverview> {
  return request(ANALYTICS_ENDPOINTS.overview, { query: { city } }, { signal });
}

function overviewQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: overviewQueryKey(city),
    queryFn: ({ signal }) => fetchCityOverview(city, signal),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
}

/** The six dashboard figures of a city with their trends, refetched every minute. */
export function useCityOverview(city: CityKey) {
  return useQuery(overviewQueryOptions(city));
}
