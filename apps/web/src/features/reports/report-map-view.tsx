import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import type { GeoJSONSource, MapGeoJSONFeature, MapMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { Crosshair } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import {
  BASEMAP_LAYER_ID,
  cityBoundsBox,
  FIT_PADDING_PX,
  PLAIN_LAYER_IDS,
} from '../../components/sensor-map/map-style';
import type { MapTiles } from '../../components/sensor-map/map-style';
import {
  BASEMAP_FAILURES_BEFORE_PLAIN,
  labelImage,
} from '../../components/sensor-map/map-view-support';
import { SvgIcon } from '../../components/svg-icon';
import { useTheme } from '../../lib/theme/theme-context';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import type { ReportMapProps } from './report-map';
import {
  POINT_SOURCE_ID,
  pointCollection,
  REPORTS_LAYER_ID,
  REPORTS_SOURCE_ID,
  reportMapStyle,
  reportsCollection,
} from './report-map-style';

// Without this the production build cannot start MapLibre's worker and the map never loads.
setWorkerUrl(workerUrl);

/** How close a chosen place is shown: a street and its neighbours, where a pin can be moved. */
const PLACE_ZOOM = 16;
/** Below this the view is too coarse to judge a place by: a newly chosen one is zoomed into. */
const PLACE_MIN_ZOOM = 14;

/**
 * The MapLibre map behind `ReportMap`. It is built again for another city, theme or language
 * (rare); the dots and the pin follow their props without that.
 */
export function ReportMapView({
  city,
  reports,
  point = null,
  onPick,
  onOpen,
  label,
  className = '',
  tiles,
  basemapUnreachable,
}: ReportMapProps & { tiles: MapTiles | null; basemapUnreachable: boolean }) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACES);
  const { theme } = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const picking = onPick !== undefined;

  // The map's listeners outlive renders; they read the newest props through this ref.
  const latest = useRef({ onPick, onOpen, reports, point });
  useEffect(() => {
    latest.current = { onPick, onOpen, reports, point };
  }, [onPick, onOpen, reports, point]);

  const tileUrl = tiles?.url ?? null;
  const tileAttribution = tiles?.attribution ?? null;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const mapTiles = tileUrl ? { url: tileUrl, attribution: tileAttribution } : null;
    const opening = latest.current;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: reportMapStyle(city, theme, mapTiles, opening.reports ?? [], opening.point),
        ...(opening.point
          ? { center: [opening.point.lng, opening.point.lat], zoom: PLACE_ZOOM }
          : { bounds: cityBoundsBox(city), fitBoundsOptions: { padding: FIT_PADDING_PX } }),
        attributionControl: mapTiles ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        fadeDuration: 0,
        locale: {
          'Map.Title': label,
          'NavigationControl.ZoomIn': t('reports.map.zoomIn'),
          'NavigationControl.ZoomOut': t('reports.map.zoomOut'),
        },
      });
    } catch (error) {
      // No WebGL: the place in words, "Use my location" and the list stand in.
      console.warn('The report map could not start', error);
      queueMicrotask(() => setFailed(true));
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    let tilesArrived = 0;
    let tilesMissed = 0;
    map.on('error', (event) => {
      console.warn('Report map:', event.error?.message ?? event);
      if ((event as { sourceId?: string }).sourceId !== 'basemap' || tilesArrived > 0) return;
      tilesMissed += 1;
      if (tilesMissed === BASEMAP_FAILURES_BEFORE_PLAIN) {
        // The tiles cannot be had from here: the plain view of the areas stands in.
        if (map.getLayer(BASEMAP_LAYER_ID)) {
          map.setLayoutProperty(BASEMAP_LAYER_ID, 'visibility', 'none');
        }
        for (const id of PLAIN_LAYER_IDS) map.setLayoutProperty(id, 'visibility', 'visible');
        setTilesFailed(true);
      }
    });
    map.on('sourcedata', (event) => {
      if (event.sourceId === 'basemap' && event.tile) tilesArrived += 1;
    });
    map.setMissingStyleImageResolver((id) => {
      if (map.hasImage(id)) return;
      const image = labelImage(id);
      if (image) map.addImage(id, image.data, { pixelRatio: image.pixelRatio });
    });
    map.on('load', () => setLoaded(true));
    if (picking) {
      map.getCanvas().style.cursor = 'crosshair';
      map.on('click', (event) => {
        latest.current.onPick?.({ lat: event.lngLat.lat, lng: event.lngLat.lng });
      });
    }
    map.on(
      'click',
      REPORTS_LAYER_ID,
      (event: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
        const id: unknown = event.features?.[0]?.properties.id;
        if (typeof id === 'string') latest.current.onOpen?.(id);
      },
    );
    map.on('mouseenter', REPORTS_LAYER_ID, () => {
      if (latest.current.onOpen) map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', REPORTS_LAYER_ID, () => {
      map.getCanvas().style.cursor = picking ? 'crosshair' : '';
    });
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      setLoaded(false);
    };
    // The rest of the props are read through `latest` or followed below; the label and zoom
    // buttons' texts change with the language, which builds the map again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [city, theme, tileUrl, tileAttribution, i18n.language, picking]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    void map.getSource<GeoJSONSource>(REPORTS_SOURCE_ID)?.setData(reportsCollection(reports ?? []));
  }, [reports, loaded]);

  // A place chosen elsewhere (the person's location, typed coordinates) is brought into view.
  const pointLat = point?.lat;
  const pointLng = point?.lng;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    const chosen =
      pointLat === undefined || pointLng === undefined ? null : { lat: pointLat, lng: pointLng };
    void map.getSource<GeoJSONSource>(POINT_SOURCE_ID)?.setData(pointCollection(chosen));
    if (!chosen) return;
    const inView = map.getBounds().contains([chosen.lng, chosen.lat]);
    if (inView && map.getZoom() >= PLACE_MIN_ZOOM) return;
    map.easeTo({ center: [chosen.lng, chosen.lat], zoom: Math.max(map.getZoom(), PLACE_ZOOM) });
  }, [pointLat, pointLng, loaded]);

  if (failed) {
    return (
      <p
        role="status"
        className={`flex items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 ${className}`}
      >
        {t('reports.map.failed')}
      </p>
    );
  }

  return (
    <div className="space-y-2">
      <div
        role="region"
        aria-label={label}
        aria-busy={!loaded}
        data-testid="report-map"
        className={`relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800 ${className}`}
      >
        {/* Inline, because MapLibre's own stylesheet sets this element to position: relative. */}
        <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
        {picking ? (
          <SvgIcon
            icon={Crosshair}
            size={28}
            className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 text-slate-700 opacity-70 dark:text-slate-200"
          />
        ) : null}
        {basemapUnreachable || tilesFailed ? (
          <p
            role="status"
            className="pointer-events-none absolute top-2 left-2 z-10 max-w-[70%] rounded-md bg-white/90 px-2 py-1 text-xs font-medium text-slate-700 shadow-sm dark:bg-slate-900/90 dark:text-slate-200"
          >
            {t('reports.map.basemapUnavailable')}
          </p>
        ) : null}
      </div>
      {picking ? (
        <button
          type="button"
          className={secondaryButton}
          disabled={!loaded}
          onClick={() => {
            const centre = mapRef.current?.getCenter();
            if (centre) onPick({ lat: centre.lat, lng: centre.lng });
          }}
        >
          <SvgIcon icon={Crosshair} size={16} />
          {t('reports.map.useCentre')}
        </button>
      ) : null}
    </div>
  );
}
