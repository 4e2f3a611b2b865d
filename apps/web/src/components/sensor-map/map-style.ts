import type { City, SensorCluster, SensorStatus } from '@smart-city/shared';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';

export type MapTheme = 'dark' | 'light';

/** Where the basemap's tiles come from; null draws sensors on a plain background. */
export interface MapTiles {
  url: string;
  attribution: string | null;
}

/** Room left around the city outline when the map frames it, in pixels. */
export const FIT_PADDING_PX = 24;

export const BOUNDS_SOURCE_ID = 'city-bounds';
export const BACKGROUND_LAYER_ID = 'background';
export const BASEMAP_LAYER_ID = 'basemap';
export const BOUNDS_FILL_LAYER_ID = 'city-bounds-fill';
export const BOUNDS_LINE_LAYER_ID = 'city-bounds-line';
export const MARKS_SOURCE_ID = 'sensor-marks';
export const CLUSTER_LAYER_ID = 'sensor-clusters';
export const CLUSTER_COUNT_LAYER_ID = 'sensor-cluster-counts';
export const POINT_LAYER_ID = 'sensor-points';
export const SELECTED_LAYER_ID = 'sensor-selected';

/** Cluster labels are images drawn in the page (no glyph server needed): `sensor-count:<label>`. */
export const COUNT_IMAGE_PREFIX = 'sensor-count:';

/** What each mark on the map carries: a cluster (count > 1) or one named sensor. */
export interface MarkProperties {
  count: number;
  /** The count as the label shows it ("12", "1.2K"). */
  label: string;
  status: SensorStatus;
  /** The sensor of a single mark, empty for a cluster. */
  id: string;
  name: string;
  type: string;
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The marks of the server's clusters as the map's GeoJSON, labels formatted for `locale`. */
export function marksCollection(
  clusters: readonly SensorCluster[],
  locale: string,
): FeatureCollection<Point, MarkProperties> {
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    type: 'FeatureCollection',
    features: clusters.map((cluster) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [cluster.lng, cluster.lat] },
      properties: {
        count: cluster.count,
        label: compact.format(cluster.count),
        status: cluster.sensor?.status ?? cluster.worstStatus,
        id: cluster.sensor?.id ?? '',
        name: cluster.sensor?.name ?? '',
        type: cluster.sensor?.type ?? '',
        west: cluster.bounds[0],
        south: cluster.bounds[1],
        east: cluster.bounds[2],
        north: cluster.bounds[3],
      },
    })),
  };
}

const EMPTY_MARKS: FeatureCollection = { type: 'FeatureCollection', features: [] };

function byStatus(colors: Record<SensorStatus, string>): ExpressionSpecification {
  return [
    'match',
    ['get', 'status'],
    'offline',
    colors.offline,
    'maintenance',
    colors.maintenance,
    'inactive',
    colors.inactive,
    colors.active,
  ];
}

/** Marks of a filter that matches no sensor: the selection ring shows none until one is chosen. */
export function selectedFilter(id: string | null): ExpressionSpecification {
  return ['==', ['get', 'id'], id ?? '\u0000'];
}

/**
 * The sensor layers, drawn by WebGL however many sensors there are: clusters as discs coloured by
 * the worst status inside and sized by count, with their count as a label; single sensors as dots
 * coloured by type and ringed by status (offline and inactive ones faded); a ring around the chosen
 * sensor. Colour is never the only signal: the popup, the details and the list say it in words.
 */
function sensorLayers(): LayerSpecification[] {
  const isCluster: ExpressionSpecification = ['>', ['get', 'count'], 1];
  const isSingle: ExpressionSpecification = ['==', ['get', 'count'], 1];
  const typeColor: ExpressionSpecification = [
    'match',
    ['get', 'type'],
    ...Object.entries(SENSOR_TYPE_COLORS).flat(),
    '#64748b',
  ] as unknown as ExpressionSpecification;
  return [
    {
      id: CLUSTER_LAYER_ID,
      type: 'circle',
      source: MARKS_SOURCE_ID,
      filter: isCluster,
      paint: {
        'circle-color': byStatus(SENSOR_STATUS_COLORS),
        'circle-radius': ['step', ['get', 'count'], 11, 10, 13, 100, 15, 1_000, 17],
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
        'circle-opacity': 0.9,
      },
    },
    {
      id: CLUSTER_COUNT_LAYER_ID,
      type: 'symbol',
      source: MARKS_SOURCE_ID,
      filter: isCluster,
      layout: {
        'icon-image': ['concat', COUNT_IMAGE_PREFIX, ['get', 'label']],
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    {
      id: POINT_LAYER_ID,
      type: 'circle',
      source: MARKS_SOURCE_ID,
      filter: isSingle,
      paint: {
        'circle-color': typeColor,
        'circle-radius': 7,
        'circle-stroke-width': 2.5,
        'circle-stroke-color': [
          'match',
          ['get', 'status'],
          'maintenance',
          '#f59e0b',
          'offline',
          '#94a3b8',
          'inactive',
          '#94a3b8',
          '#ffffff',
        ],
        'circle-opacity': ['match', ['get', 'status'], ['offline', 'inactive'], 0.55, 1],
        'circle-stroke-opacity': ['match', ['get', 'status'], ['offline', 'inactive'], 0.7, 1],
      },
    },
    {
      id: SELECTED_LAYER_ID,
      type: 'circle',
      source: MARKS_SOURCE_ID,
      filter: selectedFilter(null),
      paint: {
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-radius': 12,
        'circle-stroke-width': 3,
        'circle-stroke-color': '#0284c7',
      },
    },
  ];
}

/** Colours of the plain map per theme: the page's own slate tones, so the map sits in the card. */
export const MAP_COLORS: Record<
  MapTheme,
  { background: string; boundsFill: string; boundsLine: string }
> = {
  light: { background: '#e2e8f0', boundsFill: '#f8fafc', boundsLine: '#64748b' },
  dark: { background: '#020617', boundsFill: '#111a2e', boundsLine: '#94a3b8' },
};

/** Tiles are dimmed in the dark theme so the markers keep their contrast. */
export const RASTER_BRIGHTNESS: Record<MapTheme, number> = { light: 1, dark: 0.6 };

/** The city's bounds as a closed GeoJSON polygon ring (west-south first, counter-clockwise). */
export function cityBoundsPolygon(city: Pick<City, 'bounds'>): Feature<Polygon> {
  const { north, south, east, west } = city.bounds;
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

/** The map's bounds in MapLibre's [[west, south], [east, north]] order. */
export function cityBoundsBox(city: Pick<City, 'bounds'>): [[number, number], [number, number]] {
  const { north, south, east, west } = city.bounds;
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * The map's style. Without tiles it needs nothing from the network: a background layer, the city
 * outline and the sensor layers, no glyphs or sprites (cluster labels are images the page draws).
 * With tiles, a raster basemap sits between.
 */
export function buildMapStyle(
  city: Pick<City, 'bounds'>,
  theme: MapTheme,
  tiles: MapTiles | null,
): StyleSpecification {
  const colors = MAP_COLORS[theme];
  const style: StyleSpecification = {
    version: 8,
    sources: {
      [BOUNDS_SOURCE_ID]: { type: 'geojson', data: cityBoundsPolygon(city) },
      [MARKS_SOURCE_ID]: { type: 'geojson', data: EMPTY_MARKS },
    },
    layers: [
      {
        id: BACKGROUND_LAYER_ID,
        type: 'background',
        paint: { 'background-color': colors.background },
      },
    ],
  };
  if (tiles) {
    style.sources.basemap = {
      type: 'raster',
      tiles: [tiles.url],
      tileSize: 256,
      ...(tiles.attribution ? { attribution: tiles.attribution } : {}),
    };
    style.layers.push({
      id: BASEMAP_LAYER_ID,
      type: 'raster',
      source: 'basemap',
      paint: { 'raster-brightness-max': RASTER_BRIGHTNESS[theme] },
    });
  } else {
    style.layers.push({
      id: BOUNDS_FILL_LAYER_ID,
      type: 'fill',
      source: BOUNDS_SOURCE_ID,
      paint: { 'fill-color': colors.boundsFill },
    });
  }
  style.layers.push({
    id: BOUNDS_LINE_LAYER_ID,
    type: 'line',
    source: BOUNDS_SOURCE_ID,
    paint: { 'line-color': colors.boundsLine, 'line-width': 2, 'line-dasharray': [2, 1] },
  });
  style.layers.push(...sensorLayers());
  return style;
}
