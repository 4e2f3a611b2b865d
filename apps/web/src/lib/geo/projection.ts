import type { City } from '@smart-city/shared';

/**
 * Web Mercator, the projection of the sensor map (MapLibre) and of the 3D twin, normalised to the
 * unit square: x grows eastwards from the antimeridian (0) to it again (1), y southwards from the
 * top of the world (0) to its bottom (1). Both screens place a sensor with these functions, so it
 * stands at the same spot on the map and in the twin.
 */
export function mercatorX(lng: number): number {
  return (lng + 180) / 360;
}

/** Web Mercator y of a latitude (see `mercatorX`). */
export function mercatorY(lat: number): number {
  return (1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2;
}

/** The longitude of a Web Mercator x. */
export function lngOfMercatorX(x: number): number {
  return x * 360 - 180;
}

/** The latitude of a Web Mercator y. */
export function latOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/** A city laid flat: its bounds centred on the origin, the longer side `size` units long. */
export interface CityPlane {
  /** East–west extent of the bounds, in plane units. */
  width: number;
  /** North–south extent of the bounds, in plane units. */
  depth: number;
  /** Plane units per Web Mercator unit. */
  scale: number;
  /**
   * Where a place lies on the plane: `x` eastwards and `z` southwards from the centre of the
   * bounds, as a 3D scene seen from the south with y up expects.
   */
  project: (lat: number, lng: number) => { x: number; z: number };
}

/** The plane of a city's bounds in Web Mercator, scaled so that its longer side is `size` long. */
export function cityPlane(bounds: City['bounds'], size: number): CityPlane {
  const west = mercatorX(bounds.west);
  const east = mercatorX(bounds.east);
  const north = mercatorY(bounds.north);
  const south = mercatorY(bounds.south);
  const scale = size / Math.max(east - west, south - north);
  const centreX = (west + east) / 2;
  const centreY = (north + south) / 2;
  return {
    width: (east - west) * scale,
    depth: (south - north) * scale,
    scale,
    project: (lat, lng) => ({
      x: (mercatorX(lng) - centreX) * scale,
      z: (mercatorY(lat) - centreY) * scale,
    }),
  };
}
