import { CITY_AREAS, CITY_KEYS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import type { MultiLineString, Point, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { cityAreasCollection } from './city-areas';

/** Kilometres between two places (haversine), to check the shapes against the areas' circles. */
function km(a: readonly number[], b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a[1]!) * rad;
  const dLng = (b.lng - a[0]!) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a[1]! * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** How strongly an area claims a place: less is stronger (the distance weighed by its radius). */
const claim = (at: readonly number[], area: { lat: number; lng: number; radiusKm: number }) =>
  km(at, area) ** 2 - area.radiusKm ** 2;

describe.each(CITY_KEYS as readonly CityKey[])("%s's areas as the map draws them", (city) => {
  const areas = CITY_AREAS[city];
  const collection = cityAreasCollection(city);
  const ofKind = (kind: string) => collection.features.filter((f) => f.properties.kind === kind);

  it('gives every area a shape and a place for its name', () => {
    const names = areas.map((area) => area.name);
    expect(ofKind('area').map((f) => (f.properties as { name: string }).name)).toEqual(names);
    expect(ofKind('label').map((f) => (f.properties as { name: string }).name)).toEqual(names);
  });

  it('writes each name inside its own area, where no other area claims the place more', () => {
    for (const label of ofKind('label')) {
      const at = (label.geometry as Point).coordinates;
      const own = areas.find((a) => a.key === (label.properties as { key: string }).key)!;
      expect(km(at, own)).toBeLessThan(own.radiusKm);
      for (const other of areas) {
        if (other !== own) expect(claim(at, own)).toBeLessThanOrEqual(claim(at, other) + 1e-6);
      }
    }
  });

  it('keeps each shape within its circle', () => {
    for (const shape of ofKind('area')) {
      const own = areas.find((a) => a.key === (shape.properties as { key: string }).key)!;
      for (const corner of (shape.geometry as Polygon).coordinates[0]!) {
        expect(km(corner, own)).toBeLessThan(own.radiusKm * 1.01);
      }
    }
  });

  it('draws the outline on the edge of the areas, inside none of them', () => {
    const [outline] = ofKind('outline');
    const lines = (outline!.geometry as MultiLineString).coordinates;
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      for (const point of line) {
        // On some area's circle, and inside no circle: the edge of all of them together (within
        // 1 % of a radius, what drawing on a flat plane costs).
        const off = areas.map((area) => (km(point, area) - area.radiusKm) / area.radiusKm);
        expect(Math.min(...off.map(Math.abs))).toBeLessThan(0.01);
        expect(Math.min(...off)).toBeGreaterThan(-0.01);
      }
    }
  });
});
