import { sensorSchema } from '@smart-city/shared';
import type { Sensor } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export function sensorPath(id: string): string {
  return `/api/sensors/${encodeURIComponent(id)}`;
}

/** The one cache key of a single sensor. */
export function sensorQueryKey(id: string) {
  return ['sensors', 'one', id] as const;
}

/** GET /api/sensors/:id: one sensor, for a deep link to a sensor outside the city's list. */
export function fetchSensor(id: string, signal?: AbortSignal): Promise<Sensor> {
  return apiGet(sensorPath(id), sensorSchema, signal);
}

export function sensorQueryOptions(id: string) {
  return queryOptions({
    queryKey: sensorQueryKey(id),
    queryFn: ({ signal }) => fetchSensor(id, signal),
  });
}

export function useSensor(id: string, enabled: boolean) {
  return useQuery({ ...sensorQueryOptions(id), enabled });
}
