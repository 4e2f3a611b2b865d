import { sql, type RawBuilder } from 'kysely';

/** A circle on the map: an area's centre and how far from it counts as near. */
export type Circle = { lat: number; lng: number; radiusKm: number };

const KM_PER_DEGREE = 111.32;

/**
 * Whether the sensor `s` stands within the circle. The box first lets the position index narrow the
 * rows; the distance is then measured on a flat map, which is exact enough across a city.
 */
export function within(circle: Circle | null): RawBuilder<boolean> {
  if (!circle) return sql<boolean>`false`;
  const kmPerLng = KM_PER_DEGREE * Math.cos((circle.lat * Math.PI) / 180);
  const dLat = circle.radiusKm / KM_PER_DEGREE;
  const dLng = circle.radiusKm / kmPerLng;
  return sql<boolean>`(s.lat between ${circle.lat - dLat}::float8 and ${circle.lat + dLat}::float8
    and s.lng between ${circle.lng - dLng}::float8 and ${circle.lng + dLng}::float8
    and power((s.lat - ${circle.lat}::float8) * ${KM_PER_DEGREE}::float8, 2)
      + power((s.lng - ${circle.lng}::float8) * ${kmPerLng}::float8, 2)
      <= ${circle.radiusKm * circle.radiusKm}::float8)`;
}
