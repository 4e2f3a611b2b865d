import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { RefObject } from 'react';
import {
  AREA_FILL_LAYER_ID,
  AREA_LINE_LAYER_ID,
  AREA_NAME_IMAGE_PREFIX,
  AREA_NAME_LAYER_ID,
  BACKGROUND_LAYER_ID,
  BASEMAP_LAYER_ID,
  MAP_COLORS,
  OUTLINE_LAYER_ID,
  PLAIN_LAYER_IDS,
  RASTER_BRIGHTNESS,
  SELECTED_LAYER_ID,
  selectedFilter,
} from './map-style';
import type { MapTheme } from './map-style';

/**
 * Keeps a built map's look in step with its props without building it again: the theme's colours,
 * the plain view when tiles never came, and the ring around the chosen sensor.
 */
export function useMapLook(
  mapRef: RefObject<MapLibreMap | null>,
  loaded: boolean,
  look: { theme: MapTheme; tilesFailed: boolean; selectedId: string | null },
) {
  const { theme, tilesFailed, selectedId } = look;
  // Another theme: the plain map's colours and names follow it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    const colors = MAP_COLORS[theme];
    map.setPaintProperty(BACKGROUND_LAYER_ID, 'background-color', colors.background);
    map.setPaintProperty(AREA_FILL_LAYER_ID, 'fill-color', colors.areaFill);
    map.setPaintProperty(AREA_LINE_LAYER_ID, 'line-color', colors.areaLine);
    map.setPaintProperty(OUTLINE_LAYER_ID, 'line-color', colors.outline);
    map.setLayoutProperty(AREA_NAME_LAYER_ID, 'icon-image', [
      'concat',
      `${AREA_NAME_IMAGE_PREFIX}${theme}:`,
      ['get', 'name'],
    ]);
    if (map.getLayer(BASEMAP_LAYER_ID)) {
      map.setPaintProperty(BASEMAP_LAYER_ID, 'raster-brightness-max', RASTER_BRIGHTNESS[theme]);
    }
  }, [mapRef, theme, loaded]);

  // Tiles that never came: the basemap gives way to the plain view of the areas.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || !tilesFailed) return;
    if (map.getLayer(BASEMAP_LAYER_ID))
      map.setLayoutProperty(BASEMAP_LAYER_ID, 'visibility', 'none');
    for (const id of PLAIN_LAYER_IDS) map.setLayoutProperty(id, 'visibility', 'visible');
  }, [mapRef, tilesFailed, loaded]);

  // The ring around the chosen sensor.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    map.setFilter(SELECTED_LAYER_ID, selectedFilter(selectedId));
  }, [mapRef, selectedId, loaded]);
}
