import type { LiveReading, Sensor, SensorCounts, SensorUpdatedEvent } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { patchSensorLists, refreshSensorAggregates } from './sensor-cache';
import { sensorClustersOfCityKey } from './sensor-clusters-query';
import { sensorCountsOfCityKey, sensorCountsQueryKey } from './sensor-counts-query';
import { SINGLE_SENSOR_QUERY_KEY } from './sensor-query';
import { SENSORS_QUERY_KEY, sensorListsQueryKey } from './sensors-query';

/** Whether `next` is at least as new as `current`: a replayed or late reading never goes back in time. */
function isNotOlder(next: string, current: string | null): boolean {
  return current === null || Date.parse(next) >= Date.parse(current);
}

function withReading(sensor: Sensor, reading: LiveReading | undefined): Sensor {
  if (!reading || !isNotOlder(reading.timestamp, sensor.lastReading)) return sensor;
  return { ...sensor, value: reading.value, unit: reading.unit, lastReading: reading.timestamp };
}

function withStatus(sensor: Sensor, event: SensorUpdatedEvent): Sensor {
  return { ...sensor, status: event.status, metadata: event.metadata };
}

/** How long status changes gather before counts and map marks are asked for again. */
export const STATUS_REFRESH_MS = 1_000;

const refreshTimers = new WeakMap<QueryClient, Map<string, ReturnType<typeof setTimeout>>>();

/** Runs `refresh` once per STATUS_REFRESH_MS at most for each `key`, however often it is asked. */
function soon(queryClient: QueryClient, key: string, refresh: () => void) {
  let timers = refreshTimers.get(queryClient);
  if (!timers) {
    timers = new Map<string, ReturnType<typeof setTimeout>>();
    refreshTimers.set(queryClient, timers);
  }
  if (timers.has(key)) return;
  timers.set(
    key,
    setTimeout(() => {
      timers.delete(key);
      refresh();
    }, STATUS_REFRESH_MS),
  );
}

/**
 * What a status change cannot patch exactly is fetched again: once per second at most, however
 * many sensors changed (a sweep may take thousands offline at once).
 */
function refreshAggregatesSoon(queryClient: QueryClient, city: Sensor['city']) {
  soon(queryClient, `aggregates:${city}`, () => refreshSensorAggregates(queryClient, city));
}

/** The map's marks take the colour of their worst alert: asked for again as alerts come and go. */
function refreshMarksSoon(queryClient: QueryClient, city: Sensor['city']) {
  soon(queryClient, `marks:${city}`, () => {
    void queryClient.invalidateQueries({ queryKey: sensorClustersOfCityKey(city) });
  });
}

/**
 * The city's lists and the single sensors follow `readings` (latest value, never back in time) and
 * `sensor:updated` (status and metadata). Only what is loaded is touched: a batch about sensors no
 * page holds changes nothing. A list filtered by status that a change may enter or leave is asked
 * for again, as are the counts and the map's marks; the marks also after alerts are raised or end.
 */
export const sensorsLive: LiveModule = {
  name: 'sensors',
  handlers: {
    readings: ({ city, readings }, { queryClient }) => {
      const byId = new Map(readings.map((reading) => [reading.sensorId, reading]));
      patchSensorLists(queryClient, city, (sensor) => withReading(sensor, byId.get(sensor.id)), {
        statusChanged: false,
      });
      for (const query of queryClient
        .getQueryCache()
        .findAll({ queryKey: SINGLE_SENSOR_QUERY_KEY })) {
        const reading = byId.get(String(query.queryKey[2]));
        if (reading)
          patchQuery<Sensor>(queryClient, query.queryKey, (sensor) => withReading(sensor, reading));
      }
    },
    'sensor:updated': (event, { queryClient }) => {
      const change = (sensor: Sensor) =>
        sensor.id === event.id ? withStatus(sensor, event) : sensor;
      patchSensorLists(queryClient, event.city, change, { statusChanged: true });
      patchQuery<Sensor>(queryClient, [...SINGLE_SENSOR_QUERY_KEY, event.id], (sensor) =>
        withStatus(sensor, event),
      );
      refreshAggregatesSoon(queryClient, event.city);
    },
    'alert:created': ({ city }, { queryClient }) => refreshMarksSoon(queryClient, city),
    'alert:updated': ({ city }, { queryClient }) => refreshMarksSoon(queryClient, city),
    'alert:deleted': ({ city }, { queryClient }) => refreshMarksSoon(queryClient, city),
    // Sensors added or removed show in the city's counts before any of them reports.
    stats: ({ city, totalSensors, activeSensors }, { queryClient }) => {
      const counts = queryClient.getQueryData<SensorCounts>(sensorCountsQueryKey(city, {}));
      if (counts && (counts.total !== totalSensors || counts.byStatus.active !== activeSensors))
        refreshAggregatesSoon(queryClient, city);
    },
  },
  resync: ({ queryClient, city }) => {
    void queryClient.invalidateQueries({ queryKey: sensorListsQueryKey(city) });
    void queryClient.invalidateQueries({ queryKey: sensorCountsOfCityKey(city) });
    void queryClient.invalidateQueries({ queryKey: sensorClustersOfCityKey(city) });
    void queryClient.invalidateQueries({ queryKey: SINGLE_SENSOR_QUERY_KEY });
  },
  forget: (queryClient) => queryClient.removeQueries({ queryKey: SENSORS_QUERY_KEY }),
};
