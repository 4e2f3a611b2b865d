import { MercatorCoordinate } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { cityPlane, latOfMercatorY, lngOfMercatorX, mercatorX, mercatorY } from './projection';

const PLACES = [
  { name: 'Howrah Bridge', lat: 22.5851, lng: 88.3468 },
  { name: 'Times Square', lat: 40.758, lng: -73.9855 },
  { name: 'IIT Kharagpur Main Gate', lat: 22.3149, lng: 87.3105 },
  { name: 'the equator at Greenwich', lat: 0, lng: 0 },
];

describe('the projection of the map and the twin', () => {
  it.each(PLACES)("puts $name where the map's own Web Mercator does", ({ lat, lng }) => {
    const map = MercatorCoordinate.fromLngLat({ lng, lat });
    expect(mercatorX(lng)).toBeCloseTo(map.x, 12);
    expect(mercatorY(lat)).toBeCloseTo(map.y, 12);
  });

  it.each(PLACES)('finds $name again from its projection', ({ lat, lng }) => {
    expect(lngOfMercatorX(mercatorX(lng))).toBeCloseTo(lng, 10);
    expect(latOfMercatorY(mercatorY(lat))).toBeCloseTo(lat, 10);
  });

  it("lays a city's bounds flat around the origin, its longer side the size asked", () => {
    const kolkata = CITIES.find((city) => city.key === 'kolkata')!;
    const plane = cityPlane(kolkata.bounds, 100);
    const { north, south, east, west } = kolkata.bounds;
    const nw = plane.project(north, west);
    const se = plane.project(south, east);
    expect(Math.max(plane.width, plane.depth)).toBeCloseTo(100, 9);
    expect(se.x - nw.x).toBeCloseTo(plane.width, 9);
    expect(se.z - nw.z).toBeCloseTo(plane.depth, 9);
    // Centred, east to the right (+x) and south towards the viewer (+z).
    expect(nw.x + se.x).toBeCloseTo(0, 9);
    expect(nw.z + se.z).toBeCloseTo(0, 9);
    expect(nw.x).toBeLessThan(0);
    expect(nw.z).toBeLessThan(0);
  });

  it('keeps distances in proportion, as the map does: Mercator stretches latitude, not the twin', () => {
    const newYork = CITIES.find((city) => city.key === 'new-york')!;
    const plane = cityPlane(newYork.bounds, 100);
    const a = plane.project(40.758, -73.9855);
    const b = plane.project(40.7498, -73.988);
    const mapA = MercatorCoordinate.fromLngLat({ lat: 40.758, lng: -73.9855 });
    const mapB = MercatorCoordinate.fromLngLat({ lat: 40.7498, lng: -73.988 });
    expect(b.x - a.x).toBeCloseTo((mapB.x - mapA.x) * plane.scale, 9);
    expect(b.z - a.z).toBeCloseTo((mapB.y - mapA.y) * plane.scale, 9);
  });
});
