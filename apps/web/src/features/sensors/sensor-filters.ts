import { SENSOR_TYPES } from '@smart-city/shared';
import type { Sensor, SensorType } from '@smart-city/shared';

export type SensorTypeFilter = SensorType | 'all';

/** Whether a sensor matches a search over its name, place and id (case and accents ignored). */
export function matchesSearch(sensor: Pick<Sensor, 'id' | 'name' | 'location'>, search: string) {
  const needle = normalise(search.trim());
  if (needle === '') return true;
  return [sensor.name, sensor.location, sensor.id].some((field) =>
    normalise(field).includes(needle),
  );
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** How many sensors each type filter would show, All included, from one list. */
export function countByType(sensors: readonly Pick<Sensor, 'type'>[]) {
  const counts = Object.fromEntries(SENSOR_TYPES.map((type) => [type, 0])) as Record<
    SensorType,
    number
  >;
  for (const sensor of sensors) counts[sensor.type] += 1;
  return { all: sensors.length, ...counts } satisfies Record<SensorTypeFilter, number>;
}

/** The sensors a type filter lets through. */
export function filterByType<T extends Pick<Sensor, 'type'>>(
  sensors: readonly T[],
  type: SensorTypeFilter,
): T[] {
  return type === 'all' ? [...sensors] : sensors.filter((sensor) => sensor.type === type);
}
