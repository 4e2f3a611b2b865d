import type { SensorType } from '@smart-city/shared';
import type { TwinData } from './city-twin-query';
import { twinLevel } from './sensor-level';
import type { TwinLevel } from './sensor-level';

/** A sensor as the twin's lists name it. */
export interface TwinRow {
  index: number;
  id: string;
  name: string;
  type: SensorType;
  level: TwinLevel;
  alert: boolean;
}

/** The ids of the sensors with an open or acknowledged alert. */
function alertedIds(data: TwinData): Set<string> {
  const ids = new Set<string>();
  for (const alert of data.alerts) if (alert.sensorId !== null) ids.add(alert.sensorId);
  return ids;
}

/** The sensors from index `from` up to (not including) `to`, as the lists show them. */
export function twinRows(data: TwinData, from: number, to: number): TwinRow[] {
  const alerted = alertedIds(data);
  const rows: TwinRow[] = [];
  const end = Math.min(to, data.layout.ids.length);
  for (let index = Math.max(0, from); index < end; index++) {
    const id = data.layout.ids[index]!;
    rows.push({
      index,
      id,
      name: data.layout.names[index]!,
      type: data.layout.types[index]!,
      level: twinLevel(
        data.statuses[index]!,
        data.values[index] ?? null,
        data.critical[index] ?? null,
      ),
      alert: alerted.has(id),
    });
  }
  return rows;
}
