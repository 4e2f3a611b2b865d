import type { City, Sensor } from '@smart-city/shared';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../error-boundary';
import { useClientConfig } from './client-config-query';
import type { MapTiles } from './map-style';
import { MapFailed, MapLoading } from './map-notice';

/**
 * Props of `SensorMap`.
 *
 * - `city`: the city to frame; the map fits its bounds and draws its outline.
 * - `sensors`: the sensors to mark, with their latest values (merge live values in before passing
 *   them; markers and the open popup follow every change). Pass a filtered list to show fewer.
 * - `selectedId`: the sensor picked out (a larger marker with a blue ring, its popup open).
 * - `onSelect`: called with a sensor's id when its marker is clicked or pressed with the keyboard.
 * - `className`: sizes the map; give it a height (e.g. `h-80`), it fills its box.
 */
export interface SensorMapProps {
  city: City;
  sensors: readonly Sensor[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  className?: string;
}

// MapLibre is large: it downloads as its own chunk on first use of a map.
const SensorMapView = lazy(() => import('./sensor-map-view'));

/**
 * A map of sensors: markers coloured by type and ringed by status, a popup with name, place,
 * latest value and last update. It needs no internet: without a tile URL in the server's
 * configuration (`MAP_TILE_URL`) it draws the markers on a plain, theme-coloured background framed
 * by the city's bounds; with one it lays raster tiles underneath. The container carries
 * `data-map-ready="true"` once the map has rendered. Markers are buttons, reachable by keyboard.
 */
export function SensorMap(props: SensorMapProps) {
  const config = useClientConfig();
  if (config.isPending) return <MapLoading className={props.className} />;
  // Without the configuration (an error) the map still works, without a basemap.
  const tileUrl = config.data?.mapTileUrl ?? null;
  const tiles: MapTiles | null = tileUrl
    ? { url: tileUrl, attribution: config.data?.mapTileAttribution ?? null }
    : null;
  return (
    <ErrorBoundary
      resetKey={props.city.key}
      fallback={() => <MapFailed className={props.className} />}
    >
      <Suspense fallback={<MapLoading className={props.className} />}>
        <SensorMapView {...props} tiles={tiles} />
      </Suspense>
    </ErrorBoundary>
  );
}
