import type { City } from '@smart-city/shared';
import type { Feature, Polygon } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

export type MapTheme = 'dark' | 'light';

/** Where the basemap's tiles come from; null draws sensors on a plain background. */
export interface MapTiles {
  url: string;
  attribution: string | null;
}

export const BOUNDS_SOURCE_ID = 'city-bounds';
export const BACKGROUND_LAYER_ID = 'background';
export const BASEMAP_LAYER_ID = 'basemap';
export const BOUNDS_FILL_LAYER_ID = 'city-bounds-fill';
export const BOUNDS_LINE_LAYER_ID = 'city-bounds-line';

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
 * The map's style. Without tiles it needs nothing from the network: a background layer and the
 * city outline, no glyphs or sprites (markers are HTML). With tiles, a raster basemap sits between.
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
  return style;
}
