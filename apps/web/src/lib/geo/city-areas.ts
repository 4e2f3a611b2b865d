import { CITY_AREAS } from '@smart-city/shared';
import type { CityArea, CityKey } from '@smart-city/shared';
import type { Feature, FeatureCollection, MultiLineString, Point, Polygon } from 'geojson';

/** Kilometres per degree of latitude, and of longitude at the equator. */
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG = 111.32;

/** Corners of the polygon an area's circle is drawn as. */
const CIRCLE_STEPS = 144;

type Point2 = { x: number; y: number };
/** A polygon's corner, and whether the side from it to the next corner lies on the area's circle. */
type Corner = Point2 & { onCircle: boolean };

/**
 * A flat plane around a city's first area, in kilometres: east is +x, north is +y. East-west
 * distances are true at every latitude (a sinusoidal projection), so a circle of a few kilometres
 * stays round wherever the city's areas lie.
 */
function planeAround(origin: { lat: number; lng: number }) {
  const kmPerDegLng = (lat: number) => KM_PER_DEG_LNG * Math.cos((lat * Math.PI) / 180);
  return {
    toPlane: (lat: number, lng: number): Point2 => ({
      x: (lng - origin.lng) * kmPerDegLng(lat),
      y: (lat - origin.lat) * KM_PER_DEG_LAT,
    }),
    toLngLat: (p: Point2): [number, number] => {
      const lat = origin.lat + p.y / KM_PER_DEG_LAT;
      return [origin.lng + p.x / kmPerDegLng(lat), lat];
    },
  };
}

/**
 * Keeps the part of a convex polygon where a·p ≤ b (Sutherland–Hodgman). A side cut short keeps
 * whether it lies on the circle; the new side along the cut does not.
 */
function clip(polygon: Corner[], a: Point2, b: number): Corner[] {
  const inside = (p: Point2) => a.x * p.x + a.y * p.y <= b;
  const crossing = (p: Point2, q: Point2): Point2 => {
    const fp = a.x * p.x + a.y * p.y - b;
    const fq = a.x * q.x + a.y * q.y - b;
    const t = fp / (fp - fq);
    return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) };
  };
  const out: Corner[] = [];
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    if (inside(p)) {
      out.push(p);
      if (!inside(q)) out.push({ ...crossing(p, q), onCircle: false });
    } else if (inside(q)) {
      out.push({ ...crossing(p, q), onCircle: p.onCircle });
    }
  });
  return out;
}

/**
 * Each area's share of the city: its circle (centre and radius, as the product judges "near"),
 * less what lies nearer another area. "Nearer" weighs the radii (a power diagram), so a borough of
 * eight kilometres is not split halfway to a neighbourhood of two. The shares never overlap, and
 * what is left of the circles is the outline of the city's areas.
 */
function areaShares(areas: readonly CityArea[], toPlane: (lat: number, lng: number) => Point2) {
  const sites = areas.map((area) => ({ area, c: toPlane(area.lat, area.lng), r: area.radiusKm }));
  return sites.map((site) => {
    let polygon: Corner[] = Array.from({ length: CIRCLE_STEPS }, (_, k) => {
      const angle = (2 * Math.PI * k) / CIRCLE_STEPS;
      return {
        x: site.c.x + site.r * Math.cos(angle),
        y: site.c.y + site.r * Math.sin(angle),
        onCircle: true,
      };
    });
    for (const other of sites) {
      if (other === site || polygon.length === 0) continue;
      // |p − c|² − r² ≤ |p − c'|² − r'², as a half-plane.
      const a = { x: 2 * (other.c.x - site.c.x), y: 2 * (other.c.y - site.c.y) };
      const b =
        other.c.x ** 2 +
        other.c.y ** 2 -
        site.c.x ** 2 -
        site.c.y ** 2 -
        other.r ** 2 +
        site.r ** 2;
      polygon = clip(polygon, a, b);
    }
    return { area: site.area, polygon };
  });
}

/** Where an area's name is written: the middle of its share (which is convex, so inside it). */
function middleOf(polygon: readonly Point2[]): Point2 {
  let twiceArea = 0;
  let x = 0;
  let y = 0;
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length]!;
    const cross = p.x * q.y - q.x * p.y;
    twiceArea += cross;
    x += (p.x + q.x) * cross;
    y += (p.y + q.y) * cross;
  });
  return { x: x / (3 * twiceArea), y: y / (3 * twiceArea) };
}

export type CityAreaProperties =
  | { kind: 'area'; key: string; name: string }
  | { kind: 'outline' }
  | { kind: 'label'; key: string; name: string };

export type CityAreaFeature = Feature<Polygon | MultiLineString | Point, CityAreaProperties>;

/**
 * A city's areas as GeoJSON, made from the areas the product ships (`CITY_AREAS`): one polygon per
 * area, the outline around them all, and a point per area where its name goes. The map draws it
 * when it has no base map, so a reader still sees which part of the city a sensor stands in.
 */
export function cityAreasCollection(
  city: CityKey,
): FeatureCollection<CityAreaFeature['geometry'], CityAreaProperties> {
  const areas = CITY_AREAS[city];
  const { toPlane, toLngLat } = planeAround(areas[0]);
  const shares = areaShares(areas, toPlane).filter((share) => share.polygon.length >= 3);
  const features: CityAreaFeature[] = [];
  const outline: [number, number][][] = [];
  for (const { area, polygon } of shares) {
    const ring = polygon.map(toLngLat);
    features.push({
      type: 'Feature',
      properties: { kind: 'area', key: area.key, name: area.name },
      geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
    });
    polygon.forEach((corner, i) => {
      if (corner.onCircle) outline.push([ring[i]!, ring[(i + 1) % ring.length]!]);
    });
    features.push({
      type: 'Feature',
      properties: { kind: 'label', key: area.key, name: area.name },
      geometry: { type: 'Point', coordinates: toLngLat(middleOf(polygon)) },
    });
  }
  features.push({
    type: 'Feature',
    properties: { kind: 'outline' },
    geometry: { type: 'MultiLineString', coordinates: outline },
  });
  return { type: 'FeatureCollection', features };
}
