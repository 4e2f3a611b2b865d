import type { BoundingBox, City } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { viewClustersQueryOptions } from '../../lib/sensors/sensor-clusters-query';
import type { SensorFilter } from '../../lib/sensors/sensors-query';
import { lazyPart } from '../lazy-part';
import { clientConfigQueryOptions, useClientConfig } from '../../lib/client-config-query';
import { initialView } from './initial-view';
import { FIT_PADDING_PX } from './map-style';
import type { MapTiles } from './map-style';
import { MapLoading } from './map-notice';
import { SensorMapLegend } from './sensor-map-legend';

/**
 * Props of `SensorMap`.
 *
 * - `city`: the city to frame; the map fits its bounds and draws its outline.
 * - `filter`: which of the city's sensors to show (type, status, text); all when absent.
 * - `selectedId`: the sensor picked out (a blue ring, its popup open; the map moves to it when
 *   it lies outside the view).
 * - `onSelect`: called with a sensor's id when it is clicked on the map.
 * - `onViewChange`: called with the area the map shows after every move, and once it is drawn.
 * - `className`: sizes the map and its legend; give it a height (e.g. `h-80`), they fill the box.
 * - `large`: the legend and the hover labels in text of at least 16 px, for a screen read from
 *   across a room.
 */
export interface SensorMapProps {
  city: City;
  filter?: SensorFilter;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  onViewChange?: (bounds: BoundingBox) => void;
  className?: string;
  large?: boolean;
}

// MapLibre is large: it downloads as its own chunk on first use of a map.
const LazySensorMapView = lazyPart<
  SensorMapProps & { tiles: MapTiles | null; basemapUnreachable: boolean }
>({
  chunk: 'map',
  load: () => import('./sensor-map-view').then((module) => module.SensorMapView),
  loading: ({ className }) => <MapLoading className={className} />,
});

/**
 * Starts what a map needs before it can be drawn (its code, which starts MapLibre's worker, and
 * the server's map configuration), for a screen that draws one later: the dashboard's map waits
 * for the figures, its code need not.
 */
export function preloadSensorMap(queryClient: QueryClient): void {
  LazySensorMapView.preload();
  void queryClient.prefetchQuery(clientConfigQueryOptions);
}

/**
 * A map of any number of sensors: the server groups them per view into clusters (a disc with the
 * count, coloured by the worst active alert inside, or the worst status; a click zooms in) and
 * single sensors (a dot coloured by type, ringed by status, haloed by its worst alert; a click
 * opens its popup with name, place, latest value and last update). Everything is drawn by WebGL,
 * never an element per sensor; the sensor list is the way to each sensor by keyboard and screen
 * reader. It needs no internet: without a tile URL in the server's configuration (`MAP_TILE_URL`)
 * it draws on a plain, theme-coloured background with the city's areas, their names and outline;
 * with one it lays raster tiles underneath, and says "Base map unavailable" over the plain view
 * when the tiles cannot be had. A legend under the map says what the colours mean; pointing at a
 * mark labels it. The container carries
 * `data-map-ready="true"` once the first marks are drawn, and what it shows in data attributes.
 */
export function SensorMap(props: SensorMapProps) {
  const config = useClientConfig();
  const queryClient = useQueryClient();
  // The map's own area, above the legend: the view it opens on is framed in it.
  const area = useRef<HTMLDivElement>(null);
  const { city } = props;
  // Read when a city opens, not followed: a later filter applies to the view the map has by then.
  const filter = useRef(props.filter);
  useEffect(() => {
    filter.current = props.filter;
  }, [props.filter]);

  // While MapLibre's code and the configuration load, the marks of the view the map will open on
  // are already asked for: the map draws them as soon as it stands.
  useEffect(() => {
    LazySensorMapView.preload();
    const element = area.current;
    if (!element) return;
    const view = initialView(city, element.clientWidth, element.clientHeight, FIT_PADDING_PX);
    if (!view) return;
    void queryClient.prefetchQuery(viewClustersQueryOptions(city.key, filter.current ?? {}, view));
  }, [city, queryClient]);

  const frame = `flex flex-col ${props.className ?? ''}`;
  const legend = <SensorMapLegend large={props.large} />;
  if (config.isPending)
    return (
      <div className={frame}>
        <div ref={area} className="flex min-h-0 flex-1 flex-col">
          <MapLoading className="min-h-0 flex-1" />
        </div>
        {legend}
      </div>
    );
  // Without the configuration (an error) the map still works, without a basemap.
  const tileUrl = config.data?.mapTileUrl ?? null;
  const tiles: MapTiles | null = tileUrl
    ? { url: tileUrl, attribution: config.data?.mapTileAttribution ?? null }
    : null;
  return (
    <div className={frame}>
      <div ref={area} className="flex min-h-0 flex-1 flex-col">
        <LazySensorMapView
          {...props}
          className="min-h-0 flex-1"
          tiles={tiles}
          basemapUnreachable={config.data?.mapBasemap === 'unreachable'}
          resetKey={props.city.key}
        />
      </div>
      {legend}
    </div>
  );
}
