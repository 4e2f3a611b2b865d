import { OPEN_DATA_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { OPEN_DATA_QUERY_KEY } from './open-data-query-key';

function openCitiesQueryOptions() {
  return queryOptions({
    queryKey: [...OPEN_DATA_QUERY_KEY, 'cities'] as const,
    queryFn: async ({ signal }) =>
      (await request(OPEN_DATA_ENDPOINTS.cities, {}, { signal })).items,
  });
}

/** The cities the open data describes: their areas, air-quality standard and sensors. */
export function useOpenCities() {
  return useQuery(openCitiesQueryOptions());
}
