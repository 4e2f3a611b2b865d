import {
  alertListSchema,
  MAX_LIVE_ALERTS,
  sensorListSchema,
  statsSchema,
} from '@smart-city/shared';
import type { Alert, CityKey, Sensor, Stats } from '@smart-city/shared';
import { apiGet } from '../api-client';

export interface LiveSnapshot {
  sensors: Sensor[];
  alerts: Alert[];
  stats: Stats;
}

/** What a city looks like right now over HTTP: its sensors, its newest alerts and its counts. */
export async function fetchLiveSnapshot(
  city: CityKey,
  signal?: AbortSignal,
): Promise<LiveSnapshot> {
  const query = `city=${encodeURIComponent(city)}`;
  const [sensors, alerts, stats] = await Promise.all([
    apiGet(`/api/sensors?${query}`, sensorListSchema, signal),
    apiGet(`/api/alerts?${query}&limit=${MAX_LIVE_ALERTS}`, alertListSchema, signal),
    apiGet(`/api/stats?${query}`, statsSchema, signal),
  ]);
  return { sensors, alerts, stats };
}
