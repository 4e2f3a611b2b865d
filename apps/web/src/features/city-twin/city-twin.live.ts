import {
  ACTIVE_ALERT_STATUSES,
  bySeverityThenNewest,
  isSetAside,
  primaryThresholds,
} from '@smart-city/shared';
import type { Alert, CityTwinAlert, LiveReading, SensorUpdatedEvent } from '@smart-city/shared';
import type { LiveModule } from '../../lib/live/live-module';
import { patchQuery } from '../../lib/live/patch-query';
import { CITY_TWIN_QUERY_KEY, cityTwinQueryKey } from './city-twin-keys';
import type { TwinData } from './city-twin-query';

/**
 * The twin with a batch's latest values; the same object when no value changed. Batches hold the
 * latest value of each sensor and follow each other every 250 ms, so a value an older batch set
 * again after a fetch is replaced by the next batch that sensor is in.
 */
export function withReadings(data: TwinData, readings: readonly LiveReading[]): TwinData {
  let values: (number | null)[] | null = null;
  for (const reading of readings) {
    const i = data.layout.indexOf.get(reading.sensorId);
    if (i === undefined || data.values[i] === reading.value) continue;
    values ??= [...data.values];
    values[i] = reading.value;
  }
  return values ? { ...data, values } : data;
}

/** The twin with a sensor's new status, and the critical level its new metadata gives. */
function withSensorUpdate(data: TwinData, event: SensorUpdatedEvent): TwinData {
  const i = data.layout.indexOf.get(event.id);
  if (i === undefined) return data;
  const critical = primaryThresholds(data.layout.types[i]!, event.metadata)?.critical ?? null;
  if (data.statuses[i] === event.status && data.critical[i] === critical) return data;
  return {
    ...data,
    statuses: data.statuses.with(i, event.status),
    critical: data.critical.with(i, critical),
  };
}

function twinAlert(alert: Alert): CityTwinAlert {
  return {
    id: alert.id,
    sensorId: alert.sensorId,
    severity: alert.severity,
    title: alert.title,
    facts: alert.facts,
    createdAt: alert.createdAt,
  };
}

/**
 * The twin after an alert was raised or changed: an active alert is listed or replaced (the worst
 * first, then the newest), one that is no longer active (or is shelved, as the server leaves it out)
 * is dropped. Applying it twice changes nothing.
 */
function withAlert(data: TwinData, alert: Alert): TwinData {
  const index = data.alerts.findIndex((existing) => existing.id === alert.id);
  if (!ACTIVE_ALERT_STATUSES.includes(alert.status) || isSetAside(alert, Date.now()))
    return withoutAlert(data, alert.id);
  const entry = twinAlert(alert);
  const alerts = index >= 0 ? data.alerts.with(index, entry) : [...data.alerts, entry];
  return { ...data, alerts: alerts.sort(bySeverityThenNewest) };
}

/** The twin without an alert; the same object when it was not listed. */
function withoutAlert(data: TwinData, id: string): TwinData {
  return data.alerts.some((alert) => alert.id === id)
    ? { ...data, alerts: data.alerts.filter((alert) => alert.id !== id) }
    : data;
}

/**
 * A city's twin follows the live events: readings change values, `sensor:updated` statuses,
 * the alert events which sensors pulse. Sensors added to or removed from the registry show in the
 * city's `stats` first, and the twin is then asked for again. Patches return the same object when
 * nothing changed, so the scene (which follows the cache outside React) repaints only for change.
 */
export const cityTwinLive: LiveModule = {
  name: 'city twin',
  handlers: {
    readings: ({ city, readings }, { queryClient }) =>
      patchQuery<TwinData>(queryClient, cityTwinQueryKey(city), (data) =>
        withReadings(data, readings),
      ),
    'sensor:updated': (event, { queryClient }) =>
      patchQuery<TwinData>(queryClient, cityTwinQueryKey(event.city), (data) =>
        withSensorUpdate(data, event),
      ),
    'alert:created': (alert, { queryClient }) =>
      patchQuery<TwinData>(queryClient, cityTwinQueryKey(alert.city), (data) =>
        withAlert(data, alert),
      ),
    'alert:updated': (alert, { queryClient }) =>
      patchQuery<TwinData>(queryClient, cityTwinQueryKey(alert.city), (data) =>
        withAlert(data, alert),
      ),
    'alert:deleted': ({ id, city }, { queryClient }) =>
      patchQuery<TwinData>(queryClient, cityTwinQueryKey(city), (data) => withoutAlert(data, id)),
    stats: ({ city, totalSensors }, { queryClient }) => {
      const data = queryClient.getQueryData<TwinData>(cityTwinQueryKey(city));
      if (data && data.layout.ids.length !== totalSensors)
        void queryClient.invalidateQueries({ queryKey: cityTwinQueryKey(city), exact: true });
    },
  },
  resync: ({ queryClient, city }) =>
    void queryClient.invalidateQueries({ queryKey: cityTwinQueryKey(city), exact: true }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: CITY_TWIN_QUERY_KEY }),
};
