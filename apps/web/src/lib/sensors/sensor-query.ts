import { SENSOR_ENDPOINTS } from '@smart-city/shared';
import type { Sensor } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { SENSORS_QUERY_KEY } from './sensors-query';

/** The root of the single-sensor queries. */
export const SINGLE_SENSOR_QUERY_KEY = [...SENSORS_QUERY_KEY, 'one'] as const;

/** The one cache key of a single sensor. */
export function sensorQueryKey(id: string) {
  return [...SINGLE_SENSOR_QUERY_KEY, id] as const;
}

/** One sensor, for a deep link to a sensor outside the city's list. */
function fetchSensor(id: string, signal?: AbortSignal): Promise<Sensor> {
  return request(SENSOR_ENDPOINTS.get, { params: { id } }, { signal });
}

function sensorQueryOptions(id: string) {
  return queryOptions({
    queryKey: sensorQueryKey(id),
    queryFn: ({ signal }) => fetchSensor(id, signal),
  });
}

/**
 * One sensor, kept current by the live events. `shown` (the sensor as a loaded list has it) is
 * drawn at once while the server's own answer comes.
 */
export function useSensor(id: string, enabled: boolean, shown?: Sensor) {
  return useQuery({
    ...sensorQueryOptions(id),
    enabled,
    placeholderData: shown?.id === id ? shown : undefined,
  });
}
