import { HOME_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, HomeSummary } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/** The root of every citizen-home query. */
export const HOME_QUERY_KEY = ['home'] as const;

/** A city's home; all the person's areas share the prefix, so one event refreshes whichever is shown. */
export function homeQueryKey(city: CityKey) {
  return [...HOME_QUERY_KEY, city] as const;
}

/**
 * Air, water and traffic move without an event of their own reaching this page, so the answer is
 * asked again this often while it is on screen; alerts and notices refresh it at once.
 */
const HOME_REFETCH_MS = 60_000;

/** GET /api/home?city=: what affects the signed-in person now. */
function fetchHome(city: CityKey, signal?: AbortSignal): Promise<HomeSummary> {
  return request(HOME_ENDPOINTS.get, { query: { city } }, { signal });
}

/**
 * The home of a city for the person's area: the area is part of the key, so choosing another one
 * on the profile shows its answer without waiting for a refetch.
 */
export function useHome(city: CityKey, area: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...homeQueryKey(city), area ?? ''] as const,
      queryFn: ({ signal }) => fetchHome(city, signal),
      refetchInterval: HOME_REFETCH_MS,
    }),
  );
}
