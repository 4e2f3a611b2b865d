import { OPEN_DATA_ENDPOINTS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { OPEN_DATA_QUERY_KEY } from './open-data-query-key';

function exampleSensorQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...OPEN_DATA_QUERY_KEY, 'example-sensor', city] as const,
    queryFn: async ({ signal }) => {
      const page = await request(
        OPEN_DATA_ENDPOINTS.sensors,
        { params: { city }, query: { limit: 1 } },
        { signal },
      );
      return page.items[0]?.id ?? null;
    },
  });
}

/** The id of one of a city's sensors, for the history example to ask about; null if it has none. */
export function useExampleSensor(city: CityKey) {
  return useQuery(exampleSensorQueryOptions(city));
}
