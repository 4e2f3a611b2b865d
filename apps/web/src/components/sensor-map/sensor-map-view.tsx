import type { Sensor } from '@smart-city/shared';
import { Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl } from 'maplibre-gl';
import type { GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format-date-time';
import { useTheme } from '../../lib/theme/theme-context';
import {
  BACKGROUND_LAYER_ID,
  BASEMAP_LAYER_ID,
  BOUNDS_FILL_LAYER_ID,
  BOUNDS_LINE_LAYER_ID,
  BOUNDS_SOURCE_ID,
  buildMapStyle,
  cityBoundsBox,
  cityBoundsPolygon,
  MAP_COLORS,
  RASTER_BRIGHTNESS,
} from './map-style';
import type { MapTiles } from './map-style';
import { formatSensorReading, formatTimeAgo } from './sensor-format';
import { MapFailed } from './map-notice';
import { buildPopupContent, createMarkerElement, updateMarkerElement } from './sensor-marker';
import type { SensorMapProps } from './sensor-map';
import './sensor-map.css';

// Without this the production build cannot start MapLibre's worker and the map never loads.
setWorkerUrl(workerUrl);

/** Room left around the city outline when the map frames it, in pixels. */
const FIT_PADDING_PX = 24;

interface MarkerEntry {
  marker: Marker;
  element: HTMLButtonElement;
}

function markerLabel(sensor: Sensor, t: TFunction): string {
  return t('sensors.map.marker', {
    name: sensor.name,
    type: t(`sensorTypes.${sensor.type}`),
    status: t(`sensors.status.${sensor.status}`),
  });
}

function popupFor(sensor: Sensor, t: TFunction, locale: string): HTMLElement {
  const now = new Date();
  return buildPopupContent(sensor.name, {
    typeAndStatus: `${t(`sensorTypes.${sensor.type}`)} · ${t(`sensors.status.${sensor.status}`)}`,
    placeLabel: t('sensors.map.place'),
    place: sensor.location,
    valueLabel: t('sensors.map.value'),
    value:
      sensor.value === null
        ? t('sensors.noReading')
        : formatSensorReading(sensor.value, sensor.unit, locale),
    lastUpdateLabel: t('sensors.map.lastUpdate'),
    lastUpdate: sensor.lastReading ? formatTimeAgo(sensor.lastReading, now, locale) : '—',
    lastUpdateTitle: sensor.lastReading ? formatDateTime(sensor.lastReading, locale) : '',
  });
}

/**
 * The MapLibre map behind `SensorMap` (loaded lazily: MapLibre is large). One map per tile source;
 * the city, the theme, the markers and the popup follow their props without rebuilding it.
 */
export default function SensorMapView({
  city,
  sensors,
  selectedId = null,
  onSelect,
  className = '',
  tiles,
}: SensorMapProps & { tiles: MapTiles | null }) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const markersRef = useRef(new Map<string, MarkerEntry>());
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [popupId, setPopupId] = useState<string | null>(selectedId);
  const [shownSelection, setShownSelection] = useState<string | null>(selectedId);
  // A selection made outside the map (the list, a deep link) opens that sensor's popup too.
  if (selectedId !== shownSelection) {
    setShownSelection(selectedId);
    setPopupId(selectedId);
  }

  // The map's own listeners outlive renders; they read the newest props through this ref.
  const latest = useRef({ onSelect, city, theme });
  useEffect(() => {
    latest.current = { onSelect, city, theme };
  }, [onSelect, city, theme]);

  const tileUrl = tiles?.url ?? null;
  const tileAttribution = tiles?.attribution ?? null;
  const mapTitle = t('sensors.map.label', { city: city.name });

  // The map itself, built once per tile source.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const markers = markersRef.current;
    const mapTiles = tileUrl ? { url: tileUrl, attribution: tileAttribution } : null;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: buildMapStyle(latest.current.city, latest.current.theme, mapTiles),
        bounds: cityBoundsBox(latest.current.city),
        fitBoundsOptions: { padding: FIT_PADDING_PX },
        attributionControl: mapTiles ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        locale: { 'Map.Title': mapTitle },
      });
    } catch (error) {
      // No WebGL (an old device, a locked-down browser): the list stays the way to every sensor.
      console.warn('The sensor map could not start', error);
      queueMicrotask(() => setFailure(error));
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // A listener here replaces MapLibre's console.error: a tile that fails offline is not a fault.
    map.on('error', (event) => console.warn('Sensor map:', event.error?.message ?? event));
    map.on('load', () => setReady(true));
    const popup = new Popup({
      closeButton: true,
      closeOnClick: true,
      focusAfterOpen: false,
      offset: 16,
      maxWidth: '260px',
    });
    popup.on('close', () => setPopupId(null));
    popupRef.current = popup;
    mapRef.current = map;
    return () => {
      popup.remove();
      markers.forEach(({ marker }) => marker.remove());
      markers.clear();
      map.remove();
      mapRef.current = null;
      popupRef.current = null;
      setReady(false);
    };
    // The title is read once at start; a language change re-labels nothing else on the canvas.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, tileAttribution]);

  // Another city: a new outline, framed.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    map.getSource<GeoJSONSource>(BOUNDS_SOURCE_ID)?.setData(cityBoundsPolygon(city));
    map.fitBounds(cityBoundsBox(city), { padding: FIT_PADDING_PX, animate: false });
  }, [city, ready]);

  // Another theme: the plain map's colours follow it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const colors = MAP_COLORS[theme];
    map.setPaintProperty(BACKGROUND_LAYER_ID, 'background-color', colors.background);
    if (map.getLayer(BOUNDS_FILL_LAYER_ID)) {
      map.setPaintProperty(BOUNDS_FILL_LAYER_ID, 'fill-color', colors.boundsFill);
    }
    if (map.getLayer(BASEMAP_LAYER_ID)) {
      map.setPaintProperty(BASEMAP_LAYER_ID, 'raster-brightness-max', RASTER_BRIGHTNESS[theme]);
    }
    map.setPaintProperty(BOUNDS_LINE_LAYER_ID, 'line-color', colors.boundsLine);
  }, [theme, ready]);

  // Markers: one button per sensor, kept in step with the list (values arrive live).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const markers = markersRef.current;
    const seen = new Set<string>();
    for (const sensor of sensors) {
      seen.add(sensor.id);
      let entry = markers.get(sensor.id);
      if (!entry) {
        const element = createMarkerElement(sensor.id);
        const id = sensor.id;
        element.addEventListener('click', (event) => {
          // The map's own click would close the popup this click opens.
          event.stopPropagation();
          setPopupId(id);
          latest.current.onSelect?.(id);
        });
        const marker = new Marker({ element }).setLngLat([sensor.lng, sensor.lat]).addTo(map);
        entry = { marker, element };
        markers.set(sensor.id, entry);
      } else {
        entry.marker.setLngLat([sensor.lng, sensor.lat]);
      }
      updateMarkerElement(entry.element, sensor, markerLabel(sensor, t), sensor.id === selectedId);
    }
    for (const [id, entry] of markers) {
      if (seen.has(id)) continue;
      entry.marker.remove();
      markers.delete(id);
    }
    // A new map (another tile source) starts without markers: the tile source is a dependency.
  }, [sensors, selectedId, t, tileUrl, tileAttribution]);

  // The popup of the chosen sensor, refreshed as its value changes.
  useEffect(() => {
    const map = mapRef.current;
    const popup = popupRef.current;
    if (!map || !popup) return;
    const sensor = popupId ? sensors.find((candidate) => candidate.id === popupId) : undefined;
    if (!sensor) {
      if (popup.isOpen()) popup.remove();
      return;
    }
    popup.setLngLat([sensor.lng, sensor.lat]).setDOMContent(popupFor(sensor, t, i18n.language));
    if (!popup.isOpen()) popup.addTo(map);
  }, [popupId, sensors, t, i18n.language, tileUrl, tileAttribution]);

  if (failure) return <MapFailed className={className} />;

  return (
    <div
      role="region"
      aria-label={mapTitle}
      data-testid="sensor-map"
      data-map-ready={ready ? 'true' : 'false'}
      className={`sensor-map relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800 ${className}`}
    >
      {/* Inline, because MapLibre's own stylesheet sets this element to position: relative. */}
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
    </div>
  );
}
