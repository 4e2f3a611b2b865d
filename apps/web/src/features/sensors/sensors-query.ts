import { sensorListSchema } from '@smart-city/shared';
import type { CityKey, Sensor } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** The one cache key of a city's sensor list. */
export function sensorsQueryKey(city: CityKey) {
  return ['sensors', 'list', city] as const;
}

/** GET /api/sensors?city=: the city's sensors with their latest values. */
export function fetchSensors(city: CityKey, signal?: AbortSignal): Promise<Sensor[]> {
  return apiGet(`/api/sensors?city=${encodeURIComponent(city)}`, sensorListSchema, signal);
}

export function sensorsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: sensorsQueryKey(city),
    queryFn: ({ signal }) => fetchSensors(city, signal),
  });
}

export function useSensors(city: CityKey) {
  return useQuery(sensorsQueryOptions(city));
}
