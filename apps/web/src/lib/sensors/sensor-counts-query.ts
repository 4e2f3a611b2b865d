import { SENSOR_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, SensorCounts } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { normaliseFilter, SENSORS_QUERY_KEY, sensorFilterQuery } from './sensors-query';
import type { SensorFilter } from './sensors-query';

/** The prefix of every cached count of a city. */
export function sensorCountsOfCityKey(city: CityKey) {
  return [...SENSORS_QUERY_KEY, 'counts', city] as const;
}

/** The one cache key of a city's counts under one filter. */
export function sensorCountsQueryKey(city: CityKey, filter: SensorFilter) {
  return [...sensorCountsOfCityKey(city), normaliseFilter(filter)] as const;
}

/** How many sensors match, per type and per status. */
function fetchSensorCounts(
  city: CityKey,
  filter: SensorFilter,
  signal?: AbortSignal,
): Promise<SensorCounts> {
  return request(SENSOR_ENDPOINTS.counts, { query: sensorFilterQuery(city, filter) }, { signal });
}

function sensorCountsQueryOptions(city: CityKey, filter: SensorFilter) {
  return queryOptions({
    queryKey: sensorCountsQueryKey(city, filter),
    queryFn: ({ signal }) => fetchSensorCounts(city, filter, signal),
  });
}

/**
 * The server's counts of a city's sensors under a filter; status changes make the live module ask
 * again. The last counts stay on screen while those of a new filter load.
 */
export function useSensorCounts(city: CityKey, filter: SensorFilter) {
  return useQuery({ ...sensorCountsQueryOptions(city, filter), placeholderData: keepPreviousData });
}
