import type { City, SensorCluster, SensorStatus } from '@smart-city/shared';
import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { cityAreasCollection } from '../../lib/geo/city-areas';
import { ALERT_SEVERITY_COLORS, MAP_ALERT_SEVERITIES } from './alert-severity-colors';
import type { MapAlertSeverity } from './alert-severity-colors';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';
import { formatCompactNumber } from '../../lib/format/numbers';

export type MapTheme = 'dark' | 'light';

/** Where the basemap's tiles come from; null draws sensors on a plain background. */
export interface MapTiles {
  url: string;
  attribution: string | null;
}

/** Room left around the city outline when the map frames it, in pixels. */
export const FIT_PADDING_PX = 24;

export const AREAS_SOURCE_ID = 'city-areas';
export const BACKGROUND_LAYER_ID = 'background';
export const BASEMAP_LAYER_ID = 'basemap';
export const AREA_FILL_LAYER_ID = 'city-area-fill';
export const AREA_LINE_LAYER_ID = 'city-area-line';
export const AREA_NAME_LAYER_ID = 'city-area-names';
export const OUTLINE_LAYER_ID = 'city-outline';
export const MARKS_SOURCE_ID = 'sensor-marks';
export const CLUSTER_LAYER_ID = 'sensor-clusters';
const CLUSTER_COUNT_LAYER_ID = 'sensor-cluster-counts';
const POINT_ALERT_LAYER_ID = 'sensor-point-alerts';
export const POINT_LAYER_ID = 'sensor-points';
export const SELECTED_LAYER_ID = 'sensor-selected';

/** The layers of the plain view: the areas and their names, shown when there is no base map. */
export const PLAIN_LAYER_IDS = [
  AREA_FILL_LAYER_ID,
  AREA_LINE_LAYER_ID,
  AREA_NAME_LAYER_ID,
] as const;

/** Cluster labels are images drawn in the page (no glyph server needed): `sensor-count:<label>`. */
export const COUNT_IMAGE_PREFIX = 'sensor-count:';
/** Area names likewise, per theme: `area-name:<theme>:<name>`. */
export const AREA_NAME_IMAGE_PREFIX = 'area-name:';

/** What each mark on the map carries: a cluster (count > 1) or one named sensor. */
export interface MarkProperties {
  count: number;
  /** The count as the label shows it ("12", "1.2K"). */
  label: string;
  status: SensorStatus;
  /** The worst active alert among its sensors that colours the map, or '' for none. */
  alert: MapAlertSeverity | '';
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
  return {
    type: 'FeatureCollection',
    features: clusters.map((cluster) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [cluster.lng, cluster.lat] },
      properties: {
        count: cluster.count,
        label: formatCompactNumber(cluster.count, locale, 1),
        status: cluster.sensor?.status ?? cluster.worstStatus,
        alert: mapAlertOf(cluster.worstAlert),
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

function mapAlertOf(severity: SensorCluster['worstAlert']): MapAlertSeverity | '' {
  return (MAP_ALERT_SEVERITIES as readonly string[]).includes(severity ?? '')
    ? (severity as MapAlertSeverity)
    : '';
}

const EMPTY_MARKS: FeatureCollection = { type: 'FeatureCollection', features: [] };

/** The colour of a mark's worst alert; transparent where it has none (the layers filter those). */
const byAlert: ExpressionSpecification = [
  'match',
  ['get', 'alert'],
  ...MAP_ALERT_SEVERITIES.flatMap((severity) => [severity, ALERT_SEVERITY_COLORS[severity]]),
  'rgba(0, 0, 0, 0)',
] as unknown as ExpressionSpecification;

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
    'pending',
    colors.pending,
    colors.active,
  ];
}

/** Marks of a filter that matches no sensor: the selection ring shows none until one is chosen. */
export function selectedFilter(id: string | null): ExpressionSpecification {
  return ['==', ['get', 'id'], id ?? '\u0000'];
}

/**
 * The sensor layers, drawn by WebGL however many sensors there are: clusters as discs coloured by
 * the worst active alert inside (or, without one, the worst status) and sized by count, with their
 * count as a label; single sensors as dots coloured by type and ringed by status (offline and
 * inactive ones faded), with a halo of their worst alert's colour; a ring around the chosen sensor.
 * Colour is never the only signal: the popup, the details and the list say it in words.
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
        'circle-color': [
          'case',
          ['==', ['get', 'alert'], ''],
          byStatus(SENSOR_STATUS_COLORS),
          byAlert,
        ],
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
      id: POINT_ALERT_LAYER_ID,
      type: 'circle',
      source: MARKS_SOURCE_ID,
      filter: ['all', isSingle, ['!=', ['get', 'alert'], '']],
      paint: {
        'circle-color': byAlert,
        'circle-radius': 12,
        'circle-opacity': 0.85,
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
          'pending',
          '#94a3b8',
          '#ffffff',
        ],
        'circle-opacity': ['match', ['get', 'status'], ['offline', 'inactive', 'pending'], 0.55, 1],
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
  { background: string; areaFill: string; areaLine: string; outline: string }
> = {
  light: { background: '#e2e8f0', areaFill: '#f8fafc', areaLine: '#cbd5e1', outline: '#64748b' },
  dark: { background: '#020617', areaFill: '#111a2e', areaLine: '#334155', outline: '#94a3b8' },
};

/** Tiles are dimmed in the dark theme so the markers keep their contrast. */
export const RASTER_BRIGHTNESS: Record<MapTheme, number> = { light: 1, dark: 0.6 };

/** The map's bounds in MapLibre's [[west, south], [east, north]] order. */
export function cityBoundsBox(city: Pick<City, 'bounds'>): [[number, number], [number, number]] {
  const { north, south, east, west } = city.bounds;
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * The city's areas (made from the areas the product ships): each area's share drawn faintly with
 * its name, and the outline around them all. The areas and names show on the plain view only; the
 * outline shows on tiles too, where the areas end.
 */
function areaLayers(theme: MapTheme, plain: boolean): LayerSpecification[] {
  const colors = MAP_COLORS[theme];
  const visibility = plain ? 'visible' : 'none';
  return [
    {
      id: AREA_FILL_LAYER_ID,
      type: 'fill',
      source: AREAS_SOURCE_ID,
      filter: ['==', ['get', 'kind'], 'area'],
      layout: { visibility },
      paint: { 'fill-color': colors.areaFill },
    },
    {
      id: AREA_LINE_LAYER_ID,
      type: 'line',
      source: AREAS_SOURCE_ID,
      filter: ['==', ['get', 'kind'], 'area'],
      layout: { visibility },
      paint: { 'line-color': colors.areaLine, 'line-width': 1 },
    },
    {
      id: OUTLINE_LAYER_ID,
      type: 'line',
      source: AREAS_SOURCE_ID,
      filter: ['==', ['get', 'kind'], 'outline'],
      paint: { 'line-color': colors.outline, 'line-width': 2 },
    },
    {
      id: AREA_NAME_LAYER_ID,
      type: 'symbol',
      source: AREAS_SOURCE_ID,
      filter: ['==', ['get', 'kind'], 'label'],
      layout: {
        visibility,
        'icon-image': ['concat', `${AREA_NAME_IMAGE_PREFIX}${theme}:`, ['get', 'name']],
        'icon-allow-overlap': false,
      },
    },
  ];
}

/**
 * The map's style. Without tiles it needs nothing from the network: a background, the city's areas
 * with their names and outline, and the sensor layers, no glyphs or sprites (labels are images the
 * page draws). With tiles, a raster basemap lies under the outline; the plain layers are there too,
 * hidden, for when the tiles cannot be had. Marks already at hand go in with the style, so the map
 * draws them in its first pass rather than after loading.
 */
export function buildMapStyle(
  city: Pick<City, 'key'>,
  theme: MapTheme,
  tiles: MapTiles | null,
  /** The marks to open with, when they are already known. */
  marks: FeatureCollection = EMPTY_MARKS,
): StyleSpecification {
  const colors = MAP_COLORS[theme];
  const style: StyleSpecification = {
    version: 8,
    sources: {
      [AREAS_SOURCE_ID]: { type: 'geojson', data: cityAreasCollection(city.key) },
      [MARKS_SOURCE_ID]: { type: 'geojson', data: marks },
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
  }
  style.layers.push(...areaLayers(theme, tiles === null), ...sensorLayers());
  return style;
}
