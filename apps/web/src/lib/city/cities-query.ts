import { cityListSchema } from '@smart-city/shared';
import type { City } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';

export const CITIES_PATH = '/api/cities';

/** The one cache key of the city list. */
export const citiesQueryKey = ['cities'] as const;

/** GET /api/cities, validated against the shared contract. */
export function fetchCities(signal?: AbortSignal): Promise<City[]> {
  return apiGet(CITIES_PATH, cityListSchema, signal);
}

export const citiesQueryOptions = queryOptions({
  queryKey: citiesQueryKey,
  queryFn: ({ signal }) => fetchCities(signal),
});

export function useCities() {
  return useQuery(citiesQueryOptions);
}
