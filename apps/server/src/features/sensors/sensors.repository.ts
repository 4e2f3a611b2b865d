import type { SensorStatus, SensorType } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, SensorRow } from '../../db/schema';

export type SensorFilter = { city?: string; type?: SensorType; status?: SensorStatus };

/** Sensors matching the filter, by city then id. */
export function listSensors(db: Kysely<Database>, filter: SensorFilter): Promise<SensorRow[]> {
  let query = db.selectFrom('sensors').selectAll();
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  return query.orderBy('city_key').orderBy('id').execute();
}

/** One sensor, or undefined. */
export function findSensor(db: Kysely<Database>, id: string): Promise<SensorRow | undefined> {
  return db.selectFrom('sensors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a sensor's status and/or metadata; undefined when there is no such sensor. */
export function updateSensor(
  db: Kysely<Database>,
  id: string,
  change: { status?: SensorStatus; metadata?: Record<string, unknown> },
  now: Date,
): Promise<SensorRow | undefined> {
  return db
    .updateTable('sensors')
    .set({
      updated_at: now,
      ...(change.status ? { status: change.status } : {}),
      ...(change.metadata ? { metadata: JSON.stringify(change.metadata) } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Every sensor with its city's time zone, for the simulator. */
export function listSensorsWithTimeZone(db: Kysely<Database>) {
  return db
    .selectFrom('sensors')
    .innerJoin('cities', 'cities.key', 'sensors.city_key')
    .select([
      'sensors.id',
      'sensors.type',
      'sensors.city_key',
      'sensors.status',
      'sensors.unit',
      'sensors.metadata',
      'sensors.value',
      'cities.time_zone',
    ])
    .orderBy('sensors.id')
    .execute();
}
