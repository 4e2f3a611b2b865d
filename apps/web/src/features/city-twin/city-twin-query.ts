import { CITY_TWIN_ENDPOINTS } from '@smart-city/shared';
import type {
  CityKey,
  CityTwin,
  CityTwinAlert,
  SensorStatus,
  SensorType,
} from '@smart-city/shared';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { cityTwinQueryKey } from './city-twin-keys';

/**
 * What does not change between two fetches: which sensors there are, where and of what type. Live
 * events copy the other columns and keep this object, so what is built from it (the scene's meshes)
 * is built once per fetch.
 */
export interface TwinLayout {
  ids: readonly string[];
  names: readonly string[];
  types: readonly SensorType[];
  lats: readonly number[];
  lngs: readonly number[];
  /** A sensor's index in every column, by id. */
  indexOf: ReadonlyMap<string, number>;
}

/** A city's twin as the cache holds it: the layout, and the columns live events change. */
export interface TwinData {
  city: CityKey;
  layout: TwinLayout;
  statuses: readonly SensorStatus[];
  values: readonly (number | null)[];
  /** Where each sensor's value turns critical, in its unit; null where its type has no such level. */
  critical: readonly (number | null)[];
  /** The city's open and acknowledged alerts, the worst first, then the newest. */
  alerts: readonly CityTwinAlert[];
}

/** The answer of the API as the cache keeps it. */
export function toTwinData(twin: CityTwin): TwinData {
  const { sensors } = twin;
  return {
    city: twin.city,
    layout: {
      ids: sensors.id,
      names: sensors.name,
      types: sensors.type,
      lats: sensors.lat,
      lngs: sensors.lng,
      indexOf: new Map(sensors.id.map((id, i) => [id, i])),
    },
    statuses: sensors.status,
    values: sensors.value,
    critical: sensors.critical,
    alerts: twin.activeAlerts,
  };
}

/** GET /api/city-twin?city=: every sensor of the city as columns, and its active alerts. */
async function fetchCityTwin(city: CityKey, signal?: AbortSignal): Promise<TwinData> {
  return toTwinData(await request(CITY_TWIN_ENDPOINTS.get, { query: { city } }, { signal }));
}

function isTwinData(value: unknown): value is TwinData {
  return typeof value === 'object' && value !== null && 'layout' in value;
}

function sameColumn<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Whether two fetches found the same sensors at the same places. */
function sameLayout(a: TwinLayout, b: TwinLayout): boolean {
  return (
    sameColumn(a.ids, b.ids) &&
    sameColumn(a.types, b.types) &&
    sameColumn(a.lats, b.lats) &&
    sameColumn(a.lngs, b.lngs) &&
    sameColumn(a.names, b.names)
  );
}

/**
 * A fetch of the same registry (after a reconnection, say) keeps the layout it had, so the scene
 * keeps its meshes and only repaints; the other columns are taken as they come. What a component
 * selects is shared as usual, so it re-renders only when its selection changed.
 */
function shareSelections(previous: unknown, next: unknown): unknown {
  if (!isTwinData(next)) return replaceEqualDeep(previous, next);
  if (
    isTwinData(previous) &&
    previous.layout !== next.layout &&
    sameLayout(previous.layout, next.layout)
  )
    return { ...next, layout: previous.layout };
  return next;
}

function cityTwinQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: cityTwinQueryKey(city),
    queryFn: ({ signal }) => fetchCityTwin(city, signal),
    structuralSharing: shareSelections,
  });
}

/**
 * A city's twin, kept current by the twin's live module. `select` narrows what a component
 * re-renders for: the scene itself follows readings outside React (see `useTwinUpdates`).
 */
export function useCityTwin<T = TwinData>(city: CityKey, select?: (data: TwinData) => T) {
  return useQuery({ ...cityTwinQueryOptions(city), select });
}
