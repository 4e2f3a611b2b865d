import { STATS_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, Stats } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** The root of every stats query. */
export const STATS_QUERY_KEY = ['stats'] as const;

/** The one cache key of a city's counts. */
export function statsQueryKey(city: CityKey) {
  return [...STATS_QUERY_KEY, city] as const;
}

/** GET /api/stats?city=: sensors, active sensors, active and critical alerts, last update. */
function fetchStats(city: CityKey, signal?: AbortSignal): Promise<Stats> {
  return request(STATS_ENDPOINTS.get, { query: { city } }, { signal });
}

function statsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: statsQueryKey(city),
    queryFn: ({ signal }) => fetchStats(city, signal),
  });
}

/** The city's counts, kept current by the live `stats` event. */
export function useStats(city: CityKey) {
  return useQuery(statsQueryOptions(city));
}

/**
 * The city's critical alerts that are still open or acknowledged: the Alerts badge. The component
 * re-renders only when the count changes.
 */
export function useCriticalAlertCount(city: CityKey): number {
  const { data } = useQuery({
    ...statsQueryOptions(city),
    select: (stats) => stats.criticalAlerts,
  });
  return data ?? 0;
}
