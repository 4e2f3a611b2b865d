import type { CityKey } from '@smart-city/shared';

// The twin's cache keys apart from its fetcher (city-twin-query.ts): the live module, which every
// screen loads, needs only these, and the fetcher stays in the twin's own download.

/** The root of the twin's queries. */
export const CITY_TWIN_QUERY_KEY = ['city-twin'] as const;

/** The one cache key of a city's twin. */
export function cityTwinQueryKey(city: CityKey) {
  return [...CITY_TWIN_QUERY_KEY, city] as const;
}
