import {
  CITY_KEYS,
  SENSOR_TYPES,
  SENSOR_UNITS,
  type CityKey,
  type SensorType,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, NewSensor } from './schema';
import { SEED_CITIES, SEED_SITES, SENSOR_KINDS, type SiteSensors } from './seed-data';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The figures of a type's installation, as they go into the sensor's metadata. */
function installed(type: SensorType, sensors: SiteSensors): Record<string, unknown> | null {
  switch (type) {
    case 'traffic':
    case 'air_quality':
    case 'waste':
      return sensors[type] ? {} : null;
    case 'energy':
    case 'water':
    case 'population':
      return sensors[type] ?? null;
  }
}

/**
 * The seeded sensors of a city: every sensor of every site (SEED_SITES), named after its place and
 * type, with its type's metric, the site's land use and the installation's rated figures in its
 * metadata. Ids are stable (`<city>-<type>-<place>`), so re-seeding finds the same rows.
 */
export function seedSensorsFor(city: CityKey): NewSensor[] {
  const sensors: NewSensor[] = [];
  for (const place of SEED_SITES[city]) {
    for (const type of SENSOR_TYPES) {
      const figures = installed(type, place.sensors);
      if (!figures) continue;
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
        metadata: JSON.stringify({ ...kind.metadata, landUse: place.landUse, ...figures }),
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
