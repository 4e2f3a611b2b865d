import type { CityKey, Sensor } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patchQuery } from '../live/patch-query';
import { sensorClustersOfCityKey } from './sensor-clusters-query';
import { sensorCountsOfCityKey } from './sensor-counts-query';
import { sensorListsQueryKey } from './sensors-query';
import type { SensorFilter, SensorPages } from './sensors-query';

/**
 * The loaded pages with `change` applied to their sensors; the very same object when nothing
 * changed, so a change to sensors off screen re-renders nothing.
 */
function patchPages(pages: SensorPages, change: (sensor: Sensor) => Sensor): SensorPages {
  let changed = false;
  const next = pages.pages.map((page) => {
    let pageChanged = false;
    const items = page.items.map((sensor) => {
      const updated = change(sensor);
      if (updated !== sensor) pageChanged = true;
      return updated;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...pages, pages: next } : pages;
}

/** Every cached list of a city, with the filter its key names. */
function cachedSensorLists(queryClient: QueryClient, city: CityKey) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: sensorListsQueryKey(city) })
    .map((query) => {
      const filter: SensorFilter = query.queryKey[3] ?? {};
      return { key: query.queryKey, filter };
    });
}

/**
 * Applies a change to the sensors of every cached list of a city that can take it exactly: lists
 * filtered by status may gain or lose the sensor, so they are left to `refreshSensorAggregates`.
 */
export function patchSensorLists(
  queryClient: QueryClient,
  city: CityKey,
  change: (sensor: Sensor) => Sensor,
  options: { statusChanged: boolean },
): void {
  for (const { key, filter } of cachedSensorLists(queryClient, city)) {
    if (options.statusChanged && filter.status) continue;
    patchQuery<SensorPages>(queryClient, key, (pages) => patchPages(pages, change));
  }
}

/**
 * Fetches again what one sensor's status change cannot patch exactly: the counts, the map's marks
 * (which cluster, which count?) and the lists filtered by status (which page does it enter?).
 */
export function refreshSensorAggregates(queryClient: QueryClient, city: CityKey): void {
  void queryClient.invalidateQueries({ queryKey: sensorCountsOfCityKey(city) });
  void queryClient.invalidateQueries({ queryKey: sensorClustersOfCityKey(city) });
  for (const { key, filter } of cachedSensorLists(queryClient, city))
    if (filter.status) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}
