import { sensorPageSchema } from '@smart-city/shared';
import type {
  BoundingBox,
  CityKey,
  SensorPage,
  SensorStatus,
  SensorType,
} from '@smart-city/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { apiGet } from '../api-client';

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

/** The query string of a city and filter, as every sensor endpoint reads it. */
export function sensorFilterParams(city: CityKey, filter: SensorFilter): URLSearchParams {
  const f = normaliseFilter(filter);
  const params = new URLSearchParams({ city });
  if (f.type) params.set('type', f.type);
  if (f.status) params.set('status', f.status);
  if (f.q) params.set('q', f.q);
  if (f.bbox) {
    const { west, south, east, north } = f.bbox;
    params.set('bbox', [west, south, east, north].map((n) => n.toFixed(5)).join(','));
  }
  return params;
}

/** The prefix of every cached list of a city, whatever its filter. */
export function sensorListsQueryKey(city: CityKey) {
  return [...SENSORS_QUERY_KEY, 'list', city] as const;
}

/** The one cache key of a city's list under one filter. */
export function sensorListQueryKey(city: CityKey, filter: SensorFilter) {
  return [...sensorListsQueryKey(city), normaliseFilter(filter)] as const;
}

/** GET /api/sensors?city=&…&sort=name&limit=&cursor=: one page of the list, by name. */
function fetchSensorPage(
  city: CityKey,
  filter: SensorFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SensorPage> {
  const params = sensorFilterParams(city, filter);
  params.set('sort', 'name');
  params.set('limit', String(SENSOR_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiGet(`/api/sensors?${params}`, sensorPageSchema, signal);
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
