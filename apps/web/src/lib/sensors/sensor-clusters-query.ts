import { SENSOR_ENDPOINTS } from '@smart-city/shared';
import type { BoundingBox, CityKey, SensorClusters } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { normaliseFilter, SENSORS_QUERY_KEY, sensorFilterQuery } from './sensors-query';
import type { SensorFilter } from './sensors-query';

/** The prefix of every cached set of map marks of a city. */
export function sensorClustersOfCityKey(city: CityKey) {
  return [...SENSORS_QUERY_KEY, 'clusters', city] as const;
}

/**
 * A map view widened to a grid of quarter tiles at its zoom and by half a view each way: a pan
 * within it asks nothing new, and marks just outside the edge are there before they scroll in.
 */
function clusterArea(view: BoundingBox, zoom: number): BoundingBox {
  const step = 360 / 2 ** zoom / 4;
  const padLng = (view.east - view.west) / 2;
  const padLat = (view.north - view.south) / 2;
  const down = (n: number) => Math.floor(n / step) * step;
  const up = (n: number) => Math.ceil(n / step) * step;
  return {
    west: Math.max(-180, down(view.west - padLng)),
    south: Math.max(-85, down(view.south - padLat)),
    east: Math.min(180, up(view.east + padLng)),
    north: Math.min(85, up(view.north + padLat)),
  };
}

/** The one cache key of the marks of an area at a zoom under a filter. */
export function sensorClustersQueryKey(
  city: CityKey,
  filter: SensorFilter,
  zoom: number,
  area: BoundingBox,
) {
  return [...sensorClustersOfCityKey(city), normaliseFilter(filter), zoom, area] as const;
}

/** The filter's sensors in an area, grouped at a whole zoom level. */
function fetchSensorClusters(
  city: CityKey,
  filter: SensorFilter,
  zoom: number,
  area: BoundingBox,
  signal?: AbortSignal,
): Promise<SensorClusters> {
  const query = { ...sensorFilterQuery(city, { ...filter, bbox: area }), zoom };
  return request(SENSOR_ENDPOINTS.clusters, { query }, { signal });
}

function sensorClustersQueryOptions(
  city: CityKey,
  filter: SensorFilter,
  zoom: number,
  area: BoundingBox,
) {
  return queryOptions({
    queryKey: sensorClustersQueryKey(city, filter, zoom, area),
    queryFn: ({ signal }) => fetchSensorClusters(city, filter, zoom, area, signal),
  });
}

/** A map's view: its zoom (fractional, as the map has it) and the area it shows. */
export type MapView = { zoom: number; bounds: BoundingBox };

/**
 * The marks of a map's view: at its whole zoom level, over the view widened as `clusterArea` does.
 * The map, and whoever asks for its marks before it stands, use this one key.
 */
export function viewClustersQueryOptions(city: CityKey, filter: SensorFilter, view: MapView) {
  const zoom = Math.max(0, Math.min(22, Math.floor(view.zoom)));
  return sensorClustersQueryOptions(city, filter, zoom, clusterArea(view.bounds, zoom));
}

/**
 * The marks a map draws for its view; null `view` waits for the map to know its size. The last
 * marks stay while the next view's load, so a pan or zoom never empties the map.
 */
export function useSensorClusters(city: CityKey, filter: SensorFilter, view: MapView | null) {
  return useQuery({
    ...viewClustersQueryOptions(
      city,
      filter,
      view ?? { zoom: 0, bounds: { west: 0, south: 0, east: 0, north: 0 } },
    ),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
}
