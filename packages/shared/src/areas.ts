import { z } from 'zod';
import type { CityKey } from './city-keys';

/**
 * A neighbourhood or ward a resident can call their own: its centre and how far from it counts as
 * near. Names are place names and stay as they are in every language.
 */
export type CityArea = {
  key: string;
  name: string;
  lat: number;
  lng: number;
  /** How far from the centre a sensor or an alert still counts as in the area, in kilometres. */
  radiusKm: number;
};

const area = <K extends string>(key: K, name: string, lat: number, lng: number, radiusKm: number) =>
  ({ key, name, lat, lng, radiusKm }) as const satisfies CityArea;

/**
 * The well-known areas of each city, in the order the picker lists them. A radius covers the area
 * as residents think of it: a couple of kilometres in central Kolkata, about one in Kharagpur's
 * compact town, several for a New York borough.
 */
export const CITY_AREAS = {
  kolkata: [
    area('esplanade', 'Esplanade', 22.5646, 88.3515, 1.5),
    area('park-street', 'Park Street', 22.5526, 88.3525, 1.5),
    area('sealdah', 'Sealdah', 22.5675, 88.37, 1.5),
    area('howrah', 'Howrah', 22.585, 88.335, 2.5),
    area('shyambazar', 'Shyambazar', 22.601, 88.3725, 2),
    area('dum-dum', 'Dum Dum', 22.62, 88.41, 3),
    area('salt-lake', 'Salt Lake', 22.58, 88.415, 3),
    area('new-town', 'New Town', 22.59, 88.475, 3),
    area('ballygunge', 'Ballygunge', 22.522, 88.365, 2),
    area('tollygunge', 'Tollygunge', 22.499, 88.346, 2),
    area('jadavpur', 'Jadavpur', 22.4975, 88.3712, 2),
    area('behala', 'Behala', 22.4975, 88.312, 3),
    area('garia', 'Garia', 22.465, 88.385, 3),
  ],
  kharagpur: [
    area('iit-campus', 'IIT Campus', 22.317, 87.309, 1.5),
    area('station-golbazar', 'Station & Golbazar', 22.342, 87.323, 1.2),
    area('inda', 'Inda', 22.3318, 87.3236, 1),
    area('malancha', 'Malancha', 22.353, 87.315, 1.2),
    area('hijli', 'Hijli', 22.3205, 87.3198, 1),
    area('prembazar', 'Prembazar', 22.314, 87.294, 1),
    area('railway-settlement', 'Railway Settlement', 22.345, 87.332, 1.2),
    area('nimpura', 'Nimpura', 22.369, 87.339, 1.5),
    area('salua', 'Salua', 22.303, 87.362, 1.5),
  ],
  'new-york': [
    area('midtown', 'Midtown', 40.754, -73.984, 2),
    area('lower-manhattan', 'Lower Manhattan', 40.711, -74.006, 2),
    area('harlem', 'Harlem', 40.811, -73.946, 2),
    area('brooklyn', 'Brooklyn', 40.65, -73.95, 8),
    area('queens', 'Queens', 40.728, -73.83, 9),
    area('the-bronx', 'The Bronx', 40.845, -73.89, 6),
    area('staten-island', 'Staten Island', 40.58, -74.15, 8),
  ],
} as const satisfies Record<CityKey, readonly CityArea[]>;

type AreaKeyOf<C extends CityKey> = (typeof CITY_AREAS)[C][number]['key'];
export type AreaKey = { [C in CityKey]: AreaKeyOf<C> }[CityKey];

/** Every area key of every city; each is unique across cities, so a key alone names its city. */
export const AREA_KEYS = Object.values(CITY_AREAS).flatMap((areas) => areas.map((a) => a.key)) as [
  AreaKey,
  ...AreaKey[],
];

export const areaKeySchema = z.enum(AREA_KEYS).meta({ id: 'AreaKey' });

/** An area with the city it belongs to, or undefined for a key no city lists. */
export function findArea(key: string): (CityArea & { key: AreaKey; city: CityKey }) | undefined {
  for (const [city, areas] of Object.entries(CITY_AREAS) as [
    CityKey,
    readonly (CityArea & { key: AreaKey })[],
  ][]) {
    const found = areas.find((a) => a.key === key);
    if (found) return { ...found, city };
  }
  return undefined;
}

const EARTH_RADIUS_KM = 6371;

/** Kilometres between two points along the earth's surface (haversine). */
export function distanceKm(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/**
 * The city's area a point lies in, the nearest centre when areas overlap; undefined outside every
 * area, so a point is never named after a place it is not in.
 */
export function nearestArea(city: CityKey, lat: number, lng: number): CityArea | undefined {
  let best: { area: CityArea; km: number } | undefined;
  for (const candidate of CITY_AREAS[city] as readonly CityArea[]) {
    const km = distanceKm(candidate, { lat, lng });
    if (km <= candidate.radiusKm && (!best || km < best.km)) best = { area: candidate, km };
  }
  return best?.area;
}
