import { Map as MapLibreMap, NavigationControl, Popup, prewarm, setWorkerUrl } from 'maplibre-gl';
import type { GeoJSONSource, MapGeoJSONFeature, MapMouseEvent } from 'maplibre-gl';
import type { SensorClusters } from '@smart-city/shared';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  useSensorClusters,
  viewClustersQueryOptions,
} from '../../lib/sensors/sensor-clusters-query';
import { useSensor } from '../../lib/sensors/sensor-query';
import { useSensorList } from '../../lib/sensors/sensors-query';
import { useTheme } from '../../lib/theme/theme-context';
import { cityAreasCollection } from '../../lib/geo/city-areas';
import { initialView } from './initial-view';
import {
  AREAS_SOURCE_ID,
  buildMapStyle,
  CLUSTER_LAYER_ID,
  cityBoundsBox,
  FIT_PADDING_PX,
  MARKS_SOURCE_ID,
  marksCollection,
  POINT_LAYER_ID,
} from './map-style';
import type { MapTiles } from './map-style';
import { BasemapUnavailable, MapFailed } from './map-notice';
import { MapHoverLabel, useHoverLabel } from './sensor-map-hover';
import { buildSpotContent } from './sensor-popup';
import type { SensorMapProps } from './sensor-map';
import {
  BASEMAP_FAILURES_BEFORE_PLAIN,
  FOCUS_ZOOM,
  labelImage,
  popupFor,
  propertiesOf,
  SPOT_LIST_LIMIT,
  spotArea,
  viewOf,
} from './map-view-support';
import { useMapLook } from './use-map-look';
import './sensor-map.css';

// Without this the production build cannot start MapLibre's worker and the map never loads.
setWorkerUrl(workerUrl);
// The worker starts as soon as this code arrives, while the screen is still drawing the map's
// frame: a map cannot load its style before the worker is up.
// (A browser without workers cannot draw the map at all; the list stands in.)
if (typeof Worker !== 'undefined') prewarm();

/**
 * The MapLibre map behind `SensorMap` (loaded lazily: MapLibre is large). One map per tile source;
 * the city, the theme, the marks and the popup follow their props without rebuilding it.
 */
export function SensorMapView({
  city,
  filter,
  selectedId = null,
  onSelect,
  onViewChange,
  className = '',
  large = false,
  tiles,
  basemapUnreachable = false,
}: SensorMapProps & { tiles: MapTiles | null; basemapUnreachable?: boolean }) {
  const { t, i18n } = useTranslation();
  const { theme } = useTheme();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const popupRef = useRef<Popup | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The tiles of this browser's map did not come: the plain view stands in, and says so.
  const [tilesFailed, setTilesFailed] = useState(false);
  const [view, setView] = useState<ReturnType<typeof viewOf> | null>(null);
  const [popupId, setPopupId] = useState<string | null>(selectedId);
  const [spot, setSpot] = useState<{ lng: number; lat: number; count: number } | null>(null);
  const [shownSelection, setShownSelection] = useState<string | null>(selectedId);
  // A selection made outside the map (the list, a deep link) opens that sensor's popup too.
  if (selectedId !== shownSelection) {
    setShownSelection(selectedId);
    setPopupId(selectedId);
    setSpot(null);
  }

  const marks = useSensorClusters(city.key, filter ?? {}, view);
  const popupSensor = useSensor(popupId ?? '', popupId !== null).data;
  const spotFilter = useMemo(
    () => (spot ? { ...filter, bbox: spotArea(spot.lng, spot.lat) } : {}),
    [spot, filter],
  );
  const spotList = useSensorList(city.key, spotFilter, spot !== null);
  const spotSensors = spot ? (spotList.data?.pages[0]?.items ?? null) : null;

  // The mark under the pointer, with its label.
  const { hovered, hoveredSensor, hoverLabelRef, hover } = useHoverLabel(containerRef);

  // The sensor last chosen on the map itself: the map stays where the reader put it for that one.
  const chosenOnMap = useRef<string | null>(null);

  // The map's own listeners outlive renders; they read the newest props through this ref.
  const latest = useRef({ onSelect, onViewChange, city, theme, popupId, filter });
  useEffect(() => {
    latest.current = { onSelect, onViewChange, city, theme, popupId, filter };
  }, [onSelect, onViewChange, city, theme, popupId, filter]);

  const tileUrl = tiles?.url ?? null;
  const tileAttribution = tiles?.attribution ?? null;
  const mapTitle = t('sensors.map.label', { city: city.name });

  // The marks the map opened with (the cache's, for the view it opens on), and the city it framed.
  const queryClient = useQueryClient();
  const openedWith = useRef<{ clusters: SensorClusters['clusters'] | null; city: string } | null>(
    null,
  );

  // The map itself, built once per tile source.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const mapTiles = tileUrl ? { url: tileUrl, attribution: tileAttribution } : null;
    const opening = latest.current.city;
    // The marks of the view the map opens on, when they are already here (asked for while the
    // map's code loaded): drawn with the style in one pass.
    const first = initialView(
      opening,
      container.clientWidth,
      container.clientHeight,
      FIT_PADDING_PX,
    );
    const cached = first
      ? queryClient.getQueryData(
          viewClustersQueryOptions(opening.key, latest.current.filter ?? {}, first).queryKey,
        )
      : undefined;
    openedWith.current = { clusters: cached?.clusters ?? null, city: opening.key };
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: buildMapStyle(
          opening,
          latest.current.theme,
          mapTiles,
          cached ? marksCollection(cached.clusters, i18n.language) : undefined,
        ),
        bounds: cityBoundsBox(latest.current.city),
        fitBoundsOptions: { padding: FIT_PADDING_PX },
        attributionControl: mapTiles ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        // Labels appear at once rather than fading in: every frame of a fade is a full redraw.
        fadeDuration: 0,
        locale: {
          'Map.Title': mapTitle,
          'NavigationControl.ZoomIn': t('sensors.map.zoomIn'),
          'NavigationControl.ZoomOut': t('sensors.map.zoomOut'),
        },
      });
    } catch (error) {
      // No WebGL (an old device, a locked-down browser): the list stays the way to every sensor.
      console.warn('The sensor map could not start', error);
      queueMicrotask(() => setFailure(error));
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // A listener here replaces MapLibre's console.error: a tile that fails offline is not a fault.
    let tilesArrived = 0;
    let tilesMissed = 0;
    map.on('error', (event) => {
      console.warn('Sensor map:', event.error?.message ?? event);
      // A tile's failure names its source.
      if ((event as { sourceId?: string }).sourceId !== 'basemap' || tilesArrived > 0) return;
      tilesMissed += 1;
      if (tilesMissed === BASEMAP_FAILURES_BEFORE_PLAIN) setTilesFailed(true);
    });
    map.on('sourcedata', (event) => {
      if (event.sourceId === 'basemap' && event.tile) tilesArrived += 1;
    });
    // Labels are drawn the first time a count or an area's name needs one.
    map.setMissingStyleImageResolver((id) => {
      if (map.hasImage(id)) return;
      const image = labelImage(id);
      if (image) map.addImage(id, image.data, { pixelRatio: image.pixelRatio });
    });
    const reportView = () => {
      const next = viewOf(map);
      setView(next);
      latest.current.onViewChange?.(next.bounds);
    };
    map.on('load', () => {
      setLoaded(true);
      reportView();
    });
    // Opened with its marks: drawn once they are on the canvas.
    if (cached) map.once('idle', () => setDrawn(true));
    map.on('moveend', reportView);

    map.on(
      'click',
      CLUSTER_LAYER_ID,
      (event: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
        const mark = propertiesOf(event.features?.[0]);
        if (!mark) return;
        if (mark.west === mark.east && mark.south === mark.north) {
          // They stand at one spot: no zoom would part them, so the popup lists them.
          setPopupId(null);
          setSpot({ lng: mark.west, lat: mark.south, count: mark.count });
          return;
        }
        map.fitBounds(
          [
            [mark.west, mark.south],
            [mark.east, mark.north],
          ],
          { padding: 48, maxZoom: 20 },
        );
      },
    );
    map.on('click', POINT_LAYER_ID, (event: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
      const mark = propertiesOf(event.features?.[0]);
      if (!mark?.id) return;
      chosenOnMap.current = mark.id;
      setSpot(null);
      setPopupId(mark.id);
      latest.current.onSelect?.(mark.id);
    });
    for (const layer of [CLUSTER_LAYER_ID, POINT_LAYER_ID]) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
        hover(null);
      });
      map.on('mousemove', layer, (event: MapMouseEvent & { features?: MapGeoJSONFeature[] }) => {
        const mark = propertiesOf(event.features?.[0]);
        if (!mark) return;
        hover(
          {
            id: mark.id,
            name: mark.name,
            count: mark.count,
            status: mark.status,
            alert: mark.alert,
            key: `${mark.west},${mark.south},${mark.east},${mark.north}`,
          },
          event.point,
        );
      });
    }
    // The marks slide away under a still pointer while the map moves.
    map.on('movestart', () => hover(null));

    const popup = new Popup({
      closeButton: true,
      closeOnClick: false,
      focusAfterOpen: false,
      offset: 14,
      maxWidth: '280px',
    });
    popup.on('close', () => {
      setPopupId(null);
      setSpot(null);
    });
    popupRef.current = popup;
    mapRef.current = map;
    return () => {
      popup.remove();
      map.remove();
      mapRef.current = null;
      popupRef.current = null;
      setLoaded(false);
      setDrawn(false);
    };
    // MapLibre takes its texts (title, zoom buttons) only when built: another language builds the
    // map again, which a person does rarely; the rest of the latest props are read at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, tileAttribution, i18n.language]);

  // Another city: its areas and outline, framed.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    // The city the map was built with is in its style already.
    if (openedWith.current?.city === city.key) return;
    if (openedWith.current) openedWith.current.city = city.key;
    // The areas appear once the map has parsed them; a failure surfaces as the map's error event.
    void map.getSource<GeoJSONSource>(AREAS_SOURCE_ID)?.setData(cityAreasCollection(city.key));
    map.fitBounds(cityBoundsBox(city), { padding: FIT_PADDING_PX, animate: false });
  }, [city, loaded]);

  useMapLook(mapRef, loaded, { theme, tilesFailed, selectedId });

  // The marks of the view, as the server grouped them.
  const clusters = marks.data?.clusters;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || !clusters) return;
    // The marks the map opened with are drawn already; any others replace them.
    if (openedWith.current?.clusters === clusters) return;
    if (openedWith.current) openedWith.current.clusters = null;
    void map
      .getSource<GeoJSONSource>(MARKS_SOURCE_ID)
      ?.setData(marksCollection(clusters, i18n.language));
    // Ready once the marks are on the canvas (the worker parses them first).
    map.once('idle', () => setDrawn(true));
  }, [clusters, loaded, i18n.language]);

  // A sensor chosen elsewhere (the list, a link): the map goes to it, close enough that it shows as
  // itself rather than inside a cluster.
  const focusTarget =
    popupSensor && popupSensor.id === selectedId && popupSensor.id === shownSelection
      ? popupSensor
      : null;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || !focusTarget || focusTarget.id === chosenOnMap.current) return;
    const inView = map.getBounds().contains([focusTarget.lng, focusTarget.lat]);
    if (inView && map.getZoom() >= FOCUS_ZOOM) return;
    map.easeTo({
      center: [focusTarget.lng, focusTarget.lat],
      zoom: Math.max(map.getZoom(), FOCUS_ZOOM),
    });
    // Only a newly chosen sensor moves the map, not each reading of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTarget?.id, loaded]);

  // The popup: the chosen sensor (refreshed as its value changes), or the sensors of one spot.
  useEffect(() => {
    const map = mapRef.current;
    const popup = popupRef.current;
    if (!map || !popup || !loaded) return;
    if (spot && spotSensors) {
      popup.setLngLat([spot.lng, spot.lat]).setDOMContent(
        buildSpotContent(
          t('sensors.map.spot', { count: spot.count }),
          spotSensors.slice(0, SPOT_LIST_LIMIT).map((sensor) => ({
            id: sensor.id,
            label: `${sensor.name} · ${t(`sensors.status.${sensor.status}`)}`,
          })),
          (id) => {
            chosenOnMap.current = id;
            setSpot(null);
            setPopupId(id);
            latest.current.onSelect?.(id);
          },
        ),
      );
      if (!popup.isOpen()) popup.addTo(map);
      return;
    }
    if (!popupId || !popupSensor || popupSensor.id !== popupId) {
      if (popup.isOpen() && !spot) popup.remove();
      return;
    }
    popup
      .setLngLat([popupSensor.lng, popupSensor.lat])
      .setDOMContent(popupFor(popupSensor, t, i18n.language, city.timeZone));
    if (!popup.isOpen()) popup.addTo(map);
  }, [popupId, popupSensor, spot, spotSensors, t, i18n.language, loaded, city.timeZone]);

  if (failure) return <MapFailed className={className} />;

  const shown = marks.data;
  return (
    <div
      role="region"
      aria-label={mapTitle}
      aria-busy={!drawn}
      data-testid="sensor-map"
      data-map-ready={drawn ? 'true' : 'false'}
      data-basemap={tileUrl && !tilesFailed ? 'tiles' : 'plain'}
      data-zoom={view ? view.zoom.toFixed(6) : ''}
      data-center={view ? `${view.center[0].toFixed(7)},${view.center[1].toFixed(7)}` : ''}
      data-sensors={shown?.total ?? ''}
      data-clusters={shown?.clusters.filter((c) => c.count > 1).length ?? ''}
      data-points={shown?.clusters.filter((c) => c.count === 1).length ?? ''}
      className={`sensor-map relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800 ${large ? 'sensor-map-large' : ''} ${className}`}
    >
      {/* Inline, because MapLibre's own stylesheet sets this element to position: relative. */}
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
      {basemapUnreachable || tilesFailed ? <BasemapUnavailable large={large} /> : null}
      {hovered ? (
        <MapHoverLabel ref={hoverLabelRef} mark={hovered} sensor={hoveredSensor} large={large} />
      ) : null}
      {marks.isError ? (
        <p
          role="status"
          className="absolute inset-x-2 bottom-2 rounded-md bg-white/90 px-2 py-1 text-xs text-red-700 dark:bg-slate-900/90 dark:text-red-300"
        >
          {t('sensors.map.marksFailed')}
        </p>
      ) : null}
    </div>
  );
}
