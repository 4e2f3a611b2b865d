import type { City, ReportStatus } from '@smart-city/shared';
import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { buildMapStyle, MARKS_SOURCE_ID } from '../../components/sensor-map/map-style';
import type { MapTheme, MapTiles } from '../../components/sensor-map/map-style';

export const REPORTS_SOURCE_ID = 'reports';
export const REPORTS_LAYER_ID = 'report-dots';
export const POINT_SOURCE_ID = 'report-point';

/** A report as a dot on the map. */
export interface MapReport {
  id: string;
  lat: number;
  lng: number;
  status: ReportStatus;
}

/** A chosen place: the point of a report being written, or of the report on its page. */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** The dots' colours, the badges' hues at a strength that stands out on both themes' maps. */
const REPORT_STATUS_COLORS: Record<ReportStatus, string> = {
  open: '#0284c7',
  acknowledged: '#7c3aed',
  in_progress: '#d97706',
  closed: '#059669',
  rejected: '#e11d48',
};

/** The reports as one GeoJSON source: the map draws every dot in one layer, never a node each. */
export function reportsCollection(
  reports: readonly MapReport[],
): FeatureCollection<Point, { id: string; status: ReportStatus }> {
  return {
    type: 'FeatureCollection',
    features: reports.map((report) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [report.lng, report.lat] },
      properties: { id: report.id, status: report.status },
    })),
  };
}

export function pointCollection(point: MapPoint | null): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: point
      ? [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
            properties: {},
          },
        ]
      : [],
  };
}

function reportLayers(): LayerSpecification[] {
  return [
    {
      id: REPORTS_LAYER_ID,
      type: 'circle',
      source: REPORTS_SOURCE_ID,
      paint: {
        'circle-color': [
          'match',
          ['get', 'status'],
          ...Object.entries(REPORT_STATUS_COLORS).flat(),
          '#64748b',
        ] as unknown as ExpressionSpecification,
        'circle-radius': 7,
        'circle-stroke-width': 2,
        'circle-stroke-color': '#ffffff',
      },
    },
    {
      id: 'report-point-halo',
      type: 'circle',
      source: POINT_SOURCE_ID,
      paint: { 'circle-color': '#dc2626', 'circle-opacity': 0.25, 'circle-radius': 18 },
    },
    {
      id: 'report-point',
      type: 'circle',
      source: POINT_SOURCE_ID,
      paint: {
        'circle-color': '#dc2626',
        'circle-radius': 8,
        'circle-stroke-width': 3,
        'circle-stroke-color': '#ffffff',
      },
    },
  ];
}

/**
 * The report map's style: the sensor map's city (its background, base map and areas, drawn the
 * same way offline) without the sensors, with the reports as dots coloured by status and the
 * chosen place as a red pin above them.
 */
export function reportMapStyle(
  city: Pick<City, 'key'>,
  theme: MapTheme,
  tiles: MapTiles | null,
  reports: readonly MapReport[],
  point: MapPoint | null,
): StyleSpecification {
  const base = buildMapStyle(city, theme, tiles);
  const { [MARKS_SOURCE_ID]: _sensorMarks, ...citySources } = base.sources;
  return {
    ...base,
    sources: {
      ...citySources,
      [REPORTS_SOURCE_ID]: { type: 'geojson', data: reportsCollection(reports) },
      [POINT_SOURCE_ID]: { type: 'geojson', data: pointCollection(point) },
    },
    layers: [
      ...base.layers.filter((layer) => !('source' in layer) || layer.source !== MARKS_SOURCE_ID),
      ...reportLayers(),
    ],
  };
}
