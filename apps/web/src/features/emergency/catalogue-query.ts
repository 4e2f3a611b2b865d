import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, EmergencyCatalogue, EmergencyService } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { EMERGENCY_KEY } from './emergency-keys';

/** GET /api/emergency/services?city=: the services with their fees and the city's numbers. */
function fetchCatalogue(city: CityKey, signal?: AbortSignal): Promise<EmergencyCatalogue> {
  return request(EMERGENCY_ENDPOINTS.catalogue, { query: { city } }, { signal });
}

function catalogueQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...EMERGENCY_KEY, 'catalogue', city] as const,
    queryFn: ({ signal }) => fetchCatalogue(city, signal),
  });
}

/** The catalogue and the emergency numbers of a city. */
export function useCatalogue(city: CityKey) {
  return useQuery(catalogueQueryOptions(city));
}

/** One service of a loaded catalogue. */
export function serviceOf(
  catalogue: EmergencyCatalogue | undefined,
  id: string,
): EmergencyService | undefined {
  return catalogue?.services.find((service) => service.id === id);
}
