import { SENSOR_ENDPOINTS, sensorPageSchema } from '@smart-city/shared';
import type {
  BoundingBox,
  CityKey,
  SensorPage,
  SensorStatus,
  SensorType,
} from '@smart-city/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { request } from '../api-client';

/** The root of every sensor query: lists, counts, map marks and single sensors. */
export const SENSORS_QUERY_KEY = ['sensors'] as const;

/** Sensors one page of the list asks for: a screenful or two, so the first page answers fast. */
const SENSOR_PAGE_SIZE = 100;

/** What the sensor screens narrow the registry to; every part is optional. */
export interface SensorFilter {
  type?: SensorType;
  status?: SensorStatus;
  /** Part of a name, place or id. */
  q?: string;
  /** Only sensors inside this map area. */
  bbox?: BoundingBox;
}

/** A filter without its empty parts, so two ways of saying "everything" share one cache key. */
export function normaliseFilter(filter: SensorFilter): SensorFilter {
  const q = filter.q?.trim();
  return {
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(q ? { q } : {}),
    ...(filter.bbox ? { bbox: filter.bbox } : {}),
  };
}

/** The query of a city and filter, as every sensor endpoint reads it (the area as `w,s,e,n`). */
export function sensorFilterQuery(city: CityKey, filter: SensorFilter) {
  const { bbox, ...rest } = normaliseFilter(filter);
  const area = bbox && [bbox.west, bbox.south, bbox.east, bbox.north];
  return { city, ...rest, ...(area && { bbox: area.map((n) => n.toFixed(5)).join(',') }) };
}

/** The prefix of every cached list of a city, whatever its filter. */
export function sensorListsQueryKey(city: CityKey) {
  return [...SENSORS_QUERY_KEY, 'list', city] as const;
}

/** The one cache key of a city's list under one filter. */
export function sensorListQueryKey(city: CityKey, filter: SensorFilter) {
  return [...sensorListsQueryKey(city), normaliseFilter(filter)] as const;
}

/** One page of the list, by name. */
function fetchSensorPage(
  city: CityKey,
  filter: SensorFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SensorPage> {
  const query = {
    ...sensorFilterQuery(city, filter),
    sort: 'name',
    limit: SENSOR_PAGE_SIZE,
    cursor: cursor ?? undefined,
  } as const;
  // With a limit the answer is always a page, never the plain list.
  return request(SENSOR_ENDPOINTS.list, { query }, { signal, check: sensorPageSchema });
}

/** The pages of a list as the cache holds them. */
export type SensorPages = InfiniteData<SensorPage, string | null>;

function sensorListQueryOptions(city: CityKey, filter: SensorFilter) {
  return infiniteQueryOptions({
    queryKey: sensorListQueryKey(city, filter),
    queryFn: ({ pageParam, signal }) => fetchSensorPage(city, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SensorPage) => last.nextCursor,
  });
}

/**
 * A city's sensors under a filter, a page at a time (`fetchNextPage` as the reader scrolls), kept
 * current by the live `readings` and `sensor:updated` events. A new filter keeps showing the last
 * list until its own first page is in, so typing a search does not blank the screen.
 */
export function useSensorList(city: CityKey, filter: SensorFilter, enabled = true) {
  return useInfiniteQuery({
    ...sensorListQueryOptions(city, filter),
    placeholderData: keepPreviousData,
    enabled,
  });
}
