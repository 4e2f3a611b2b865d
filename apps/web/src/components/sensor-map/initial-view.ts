import type { BoundingBox, City } from '@smart-city/shared';
import {
  latOfMercatorY as toLat,
  lngOfMercatorX as toLng,
  mercatorX as toX,
  mercatorY as toY,
} from '../../lib/geo/projection';

/** MapLibre's world is this many pixels wide at zoom 0. */
const WORLD_PX = 512;

/**
 * The view a map of `width` × `height` pixels opens on when it frames the city's bounds with
 * `paddingPx` around them, worked out as MapLibre does (Web Mercator), before the map exists: the
 * marks of that view can be asked for while the map's code is still loading.
 */
export function initialView(
  city: Pick<City, 'bounds'>,
  width: number,
  height: number,
  paddingPx: number,
): { zoom: number; bounds: BoundingBox } | null {
  const { north, south, east, west } = city.bounds;
  const spanX = toX(east) - toX(west);
  const spanY = toY(south) - toY(north);
  const roomX = width - 2 * paddingPx;
  const roomY = height - 2 * paddingPx;
  if (roomX <= 0 || roomY <= 0 || spanX <= 0 || spanY <= 0) return null;
  const scale = Math.min(roomX / (spanX * WORLD_PX), roomY / (spanY * WORLD_PX));
  const zoom = Math.log2(scale);
  const worldPx = WORLD_PX * scale;
  const centerX = (toX(west) + toX(east)) / 2;
  const centerY = (toY(north) + toY(south)) / 2;
  const halfX = width / 2 / worldPx;
  const halfY = height / 2 / worldPx;
  return {
    zoom,
    bounds: {
      west: Math.max(-180, toLng(centerX - halfX)),
      south: Math.max(-85, toLat(centerY + halfY)),
      east: Math.min(180, toLng(centerX + halfX)),
      north: Math.min(85, toLat(centerY - halfY)),
    },
  };
}
