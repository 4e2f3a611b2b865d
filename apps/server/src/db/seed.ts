import { CITY_KEYS, SENSOR_TYPES, SENSOR_UNITS, type CityKey } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, NewSensor } from './schema';
import { SEED_CITIES, SEED_PLACES, SENSOR_KINDS, SENSORS_PER_TYPE } from './seed-data';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The seeded sensors of a city: every type at `SENSORS_PER_TYPE` places, spread over the city's places
 * in turn so each place carries a mix of types. Ids are stable, so re-seeding finds the same rows.
 */
export function seedSensorsFor(city: CityKey): NewSensor[] {
  const places = SEED_PLACES[city];
  const sensors: NewSensor[] = [];
  for (let round = 0; round < SENSORS_PER_TYPE; round++) {
    for (const [i, type] of SENSOR_TYPES.entries()) {
      // Each round shifts by one more place, so a small city never gets the same type twice at a place.
      const place = places[(round * (SENSOR_TYPES.length + 1) + i) % places.length]!;
      const kind = SENSOR_KINDS[type];
      sensors.push({
        id: `${city}-${type.replace('_', '-')}-${slug(place.name)}`,
        name: `${place.name} ${kind.label}`,
        type,
        city_key: city,
        location: place.name,
        lat: place.lat,
        lng: place.lng,
        unit: SENSOR_UNITS[type],
        metadata: JSON.stringify(kind.metadata),
      });
    }
  }
  return sensors;
}

/** Inserts the cities and their sensors when missing; running it again changes nothing. */
export async function seedReferenceData(
  db: Kysely<Database>,
): Promise<{ cities: number; sensors: number }> {
  return db.transaction().execute(async (trx) => {
    const cities = await trx
      .insertInto('cities')
      .values(SEED_CITIES)
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    const sensors = await trx
      .insertInto('sensors')
      .values(CITY_KEYS.flatMap(seedSensorsFor))
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    return { cities: cities.length, sensors: sensors.length };
  });
}
