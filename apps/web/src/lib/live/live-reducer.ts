import { ACTIVE_ALERT_STATUSES, MAX_LIVE_ALERTS } from '@smart-city/shared';
import type {
  Alert,
  CityKey,
  LiveReading,
  Sensor,
  SensorStatus,
  SensorType,
  Stats,
} from '@smart-city/shared';

export type ConnectionState = 'connected' | 'disconnected';

/** One sensor as the live state knows it: the spec's fields plus what the registry says about it. */
export interface LiveSensor {
  id: string;
  /** When the latest reading was taken (ISO); null before the first reading. */
  lastReading: string | null;
  value: number | null;
  unit: string;
  status: SensorStatus;
  metadata: Record<string, unknown>;
  /** From the sensor registry; null for a sensor only known from readings. */
  name: string | null;
  type: SensorType | null;
  location: string | null;
  lat: number | null;
  lng: number | null;
  /** True for the spec's fallback sensors while the live connection is down. */
  simulated: boolean;
}

export interface LiveStats extends Stats {
  /** True for the spec's fallback figures (34 / 32) while the live connection is down. */
  simulated: boolean;
}

export interface LiveData {
  connection: ConnectionState;
  /** The city the sensors, alerts and stats belong to; null before the first snapshot. */
  city: CityKey | null;
  sensors: Readonly<Record<string, LiveSensor>>;
  /** Newest first, at most MAX_LIVE_ALERTS, any status. */
  alerts: readonly Alert[];
  stats: LiveStats | null;
  /** True while the fallback readings stand in for the live connection. */
  simulated: boolean;
}

export type LiveAction =
  | { type: 'connection'; connection: ConnectionState }
  | {
      type: 'snapshot';
      city: CityKey;
      sensors: readonly Sensor[];
      alerts: readonly Alert[];
      stats: Stats;
    }
  | { type: 'readings'; city: CityKey; readings: readonly LiveReading[] }
  | { type: 'alert-created'; alert: Alert }
  | { type: 'alert-updated'; alert: Alert }
  | { type: 'alert-deleted'; city: CityKey; id: string }
  | {
      type: 'sensor-updated';
      city: CityKey;
      id: string;
      status: SensorStatus;
      metadata: Record<string, unknown>;
    }
  | { type: 'stats'; city: CityKey; stats: Stats }
  | { type: 'fallback-tick'; sensors: readonly FallbackSensor[]; stats: FallbackStats; at: string }
  /** Signed out: nothing of the last person's live data stays. */
  | { type: 'reset' };

/** A simulated sensor value produced by the fallback. */
export interface FallbackSensor {
  id: string;
  type: SensorType;
  value: number;
  unit: string;
}

export interface FallbackStats {
  totalSensors: number;
  activeSensors: number;
}

export const initialLiveData: LiveData = {
  connection: 'disconnected',
  city: null,
  sensors: {},
  alerts: [],
  stats: null,
  simulated: false,
};

function sensorFromRegistry(sensor: Sensor): LiveSensor {
  return {
    id: sensor.id,
    lastReading: sensor.lastReading,
    value: sensor.value,
    unit: sensor.unit,
    status: sensor.status,
    metadata: sensor.metadata,
    name: sensor.name,
    type: sensor.type,
    location: sensor.location,
    lat: sensor.lat,
    lng: sensor.lng,
    simulated: false,
  };
}

function unknownSensor(id: string): LiveSensor {
  return {
    id,
    lastReading: null,
    value: null,
    unit: '',
    status: 'active',
    metadata: {},
    name: null,
    type: null,
    location: null,
    lat: null,
    lng: null,
    simulated: false,
  };
}

function withoutSimulated(sensors: LiveData['sensors']): Record<string, LiveSensor> {
  return Object.fromEntries(Object.entries(sensors).filter(([, sensor]) => !sensor.simulated));
}

function isActive(alert: Alert): boolean {
  return ACTIVE_ALERT_STATUSES.includes(alert.status);
}

/** Whether `next` is at least as new as `current`; a replayed or late reading never goes back in time. */
function isNotOlder(next: string, current: string | null): boolean {
  return current === null || Date.parse(next) >= Date.parse(current);
}

function applyReadings(state: LiveData, readings: readonly LiveReading[]): LiveData {
  const sensors = { ...state.sensors };
  for (const reading of readings) {
    const current = sensors[reading.sensorId] ?? unknownSensor(reading.sensorId);
    if (!current.simulated && !isNotOlder(reading.timestamp, current.lastReading)) continue;
    sensors[reading.sensorId] = {
      ...current,
      lastReading: reading.timestamp,
      value: reading.value,
      unit: reading.unit,
      simulated: false,
    };
  }
  return { ...state, sensors };
}

function insertAlert(alerts: readonly Alert[], alert: Alert): Alert[] {
  // The same alert can arrive twice around a reconnect (snapshot, then the queued event).
  if (alerts.some((existing) => existing.id === alert.id)) {
    return alerts.map((existing) => (existing.id === alert.id ? alert : existing));
  }
  return [alert, ...alerts].slice(0, MAX_LIVE_ALERTS);
}

/** Whether an event belongs to the city on screen; a late event of the previous city is dropped. */
function forThisCity(state: LiveData, city: CityKey): boolean {
  return state.city === null || state.city === city;
}

/** The live state as a pure function of the events the connection delivered (spec section 4). */
export function liveReducer(state: LiveData, action: LiveAction): LiveData {
  switch (action.type) {
    case 'connection': {
      if (action.connection === 'disconnected') return { ...state, connection: 'disconnected' };
      // The fallback stops the moment the socket connects, and its simulated data goes with it.
      return {
        ...state,
        connection: 'connected',
        simulated: false,
        sensors: withoutSimulated(state.sensors),
        stats: state.stats?.simulated ? null : state.stats,
      };
    }
    case 'snapshot':
      return {
        ...state,
        city: action.city,
        sensors: Object.fromEntries(action.sensors.map((s) => [s.id, sensorFromRegistry(s)])),
        alerts: action.alerts.slice(0, MAX_LIVE_ALERTS),
        stats: { ...action.stats, simulated: false },
        simulated: false,
      };
    case 'readings':
      return forThisCity(state, action.city) ? applyReadings(state, action.readings) : state;
    case 'alert-created':
      if (!forThisCity(state, action.alert.city)) return state;
      return { ...state, alerts: insertAlert(state.alerts, action.alert) };
    case 'alert-updated':
      if (!forThisCity(state, action.alert.city)) return state;
      return {
        ...state,
        alerts: state.alerts.map((alert) => (alert.id === action.alert.id ? action.alert : alert)),
      };
    case 'alert-deleted':
      if (!forThisCity(state, action.city)) return state;
      return { ...state, alerts: state.alerts.filter((alert) => alert.id !== action.id) };
    case 'sensor-updated': {
      if (!forThisCity(state, action.city)) return state;
      const current = state.sensors[action.id] ?? unknownSensor(action.id);
      return {
        ...state,
        sensors: {
          ...state.sensors,
          [action.id]: { ...current, status: action.status, metadata: action.metadata },
        },
      };
    }
    case 'stats':
      if (!forThisCity(state, action.city)) return state;
      return { ...state, stats: { ...action.stats, simulated: false } };
    case 'fallback-tick': {
      if (state.connection === 'connected') return state;
      const sensors = { ...state.sensors };
      for (const sensor of action.sensors) {
        sensors[sensor.id] = {
          ...unknownSensor(sensor.id),
          type: sensor.type,
          value: sensor.value,
          unit: sensor.unit,
          lastReading: action.at,
          simulated: true,
        };
      }
      const active = state.alerts.filter(isActive);
      return {
        ...state,
        sensors,
        simulated: true,
        stats: {
          ...action.stats,
          alerts: active.length,
          criticalAlerts: countCriticalAlerts(active),
          lastUpdate: action.at,
          simulated: true,
        },
      };
    }
    case 'reset':
      return initialLiveData;
  }
}

/** Open or acknowledged alerts, newest first. */
export function selectActiveAlerts(state: Pick<LiveData, 'alerts'>): Alert[] {
  return state.alerts.filter(isActive);
}

export function countCriticalAlerts(alerts: readonly Pick<Alert, 'severity'>[]): number {
  return alerts.filter((alert) => alert.severity === 'critical').length;
}

/**
 * The Alerts badge count: critical alerts that are still open or acknowledged. The server's count
 * covers every one of them; the list holds only the newest 50, so it counts only while simulated.
 */
export function selectCriticalAlertCount(state: Pick<LiveData, 'alerts' | 'stats'>): number {
  if (state.stats && !state.stats.simulated) return state.stats.criticalAlerts;
  return countCriticalAlerts(selectActiveAlerts(state));
}

/** The sensors as a list, in id order, for tables and maps. */
export function selectSensorList(state: Pick<LiveData, 'sensors'>): LiveSensor[] {
  return Object.values(state.sensors).sort((a, b) => a.id.localeCompare(b.id));
}
