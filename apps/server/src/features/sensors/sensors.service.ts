import {
  cityKeySchema,
  ERROR_CODES,
  sensorStatusSchema,
  sensorTypeSchema,
  type Sensor,
  type SensorUpdate,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, SensorRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { DomainEvents } from '../../live/domain-events';
import type { StatsService } from '../stats/stats.service';
import { findSensor, listSensors, updateSensor, type SensorFilter } from './sensors.repository';

/** Maps a stored sensor to the contract's shape. */
export function presentSensor(row: SensorRow): Sensor {
  return {
    id: row.id,
    name: row.name,
    type: sensorTypeSchema.parse(row.type),
    city: cityKeySchema.parse(row.city_key),
    location: row.location,
    lat: row.lat,
    lng: row.lng,
    status: sensorStatusSchema.parse(row.status),
    unit: row.unit,
    value: row.value,
    lastReading: row.last_reading ? row.last_reading.toISOString() : null,
    metadata: row.metadata ?? {},
  };
}

function sensorNotFound(id: string) {
  return new HttpError(404, ERROR_CODES.notFound, `No sensor with id "${id}"`);
}

export type SensorsService = ReturnType<typeof createSensorsService>;

export function createSensorsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  stats: StatsService;
  now: () => Date;
}) {
  const { db, events } = deps;
  return {
    async list(filter: SensorFilter): Promise<Sensor[]> {
      return (await listSensors(db, filter)).map(presentSensor);
    },

    async get(id: string): Promise<Sensor> {
      const row = await findSensor(db, id);
      if (!row) throw sensorNotFound(id);
      return presentSensor(row);
    },

    /** Changes status and/or metadata, then tells live viewers of the sensor's city. */
    async update(id: string, change: SensorUpdate): Promise<Sensor> {
      const before = await findSensor(db, id);
      if (!before) throw sensorNotFound(id);
      const row = await updateSensor(db, id, change, deps.now());
      if (!row) throw sensorNotFound(id);
      const sensor = presentSensor(row);
      events.emit('sensor.updated', {
        id: sensor.id,
        city: sensor.city,
        status: sensor.status,
        metadata: sensor.metadata,
      });
      if (before.status !== row.status) await deps.stats.announce([sensor.city]);
      return sensor;
    },
  };
}
