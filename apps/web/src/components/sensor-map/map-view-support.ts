import type { BoundingBox, Sensor } from '@smart-city/shared';
import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format/date-time';
import { formatMetricReading } from '../../lib/format/metric-value';
import { formatTimeAgo } from '../../lib/format/time-ago';
import { AREA_NAME_LOOK, COUNT_LOOK, drawLabelImage } from './label-image';
import { AREA_NAME_IMAGE_PREFIX, COUNT_IMAGE_PREFIX } from './map-style';
import { buildPopupContent } from './sensor-popup';
import type { MapTheme, MarkProperties } from './map-style';

// What the sensor map's view works with besides MapLibre itself: its constants, the label images
// it draws, its popup's content, and how it reads its view and its marks.

/**
 * Tiles that fail before any arrives: then the tile server cannot be reached from this browser,
 * and the map turns to its plain view rather than stay blank.
 */
export const BASEMAP_FAILURES_BEFORE_PLAIN = 4;

/** Draws a label image the map asks for: a cluster's count, or an area's name in a theme. */
export function labelImage(id: string) {
  if (id.startsWith(COUNT_IMAGE_PREFIX)) {
    return drawLabelImage(id.slice(COUNT_IMAGE_PREFIX.length), window.devicePixelRatio, COUNT_LOOK);
  }
  if (id.startsWith(AREA_NAME_IMAGE_PREFIX)) {
    const rest = id.slice(AREA_NAME_IMAGE_PREFIX.length);
    const colon = rest.indexOf(':');
    const theme = rest.slice(0, colon) as MapTheme;
    if (!Object.hasOwn(AREA_NAME_LOOK, theme)) return null;
    return drawLabelImage(rest.slice(colon + 1), window.devicePixelRatio, AREA_NAME_LOOK[theme]);
  }
  return null;
}

/** Zoom the map moves to when a sensor chosen elsewhere lies outside the view. */
export const FOCUS_ZOOM = 15;

/** Most sensors a popup lists for one spot where several stand together. */
export const SPOT_LIST_LIMIT = 50;

/** A point as a tiny area, to ask the list for the sensors standing exactly there. */
export function spotArea(lng: number, lat: number): BoundingBox {
  const e = 1e-6;
  return { west: lng - e, south: lat - e, east: lng + e, north: lat + e };
}

export function popupFor(
  sensor: Sensor,
  t: TFunction,
  locale: string,
  timeZone: string | undefined,
): HTMLElement {
  const now = new Date();
  return buildPopupContent(sensor.name, {
    typeAndStatus: `${t(`sensorTypes.${sensor.type}`)} · ${t(`sensors.status.${sensor.status}`)}`,
    placeLabel: t('sensors.map.place'),
    place: sensor.location,
    valueLabel: t('sensors.map.value'),
    value:
      sensor.value === null
        ? t('sensors.noReading')
        : formatMetricReading(sensor.value, sensor.type, sensor.unit, locale),
    lastUpdateLabel: t('sensors.map.lastUpdate'),
    lastUpdate: sensor.lastReading ? formatTimeAgo(sensor.lastReading, now, locale) : '—',
    lastUpdateTitle: sensor.lastReading ? formatDateTime(sensor.lastReading, locale, timeZone) : '',
  });
}

export function viewOf(map: MapLibreMap) {
  const b = map.getBounds();
  const center = map.getCenter();
  return {
    zoom: map.getZoom(),
    center: [center.lng, center.lat] as const,
    bounds: {
      west: Math.max(-180, b.getWest()),
      south: Math.max(-85, b.getSouth()),
      east: Math.min(180, b.getEast()),
      north: Math.min(85, b.getNorth()),
    },
  };
}

export function propertiesOf(feature: MapGeoJSONFeature | undefined): MarkProperties | null {
  return feature ? (feature.properties as MarkProperties) : null;
}
