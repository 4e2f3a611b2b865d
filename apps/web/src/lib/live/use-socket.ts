import { ACTIVE_ALERT_STATUSES } from '@smart-city/shared';
import type { Alert, CityKey, Sensor, Stats } from '@smart-city/shared';
import { useRecentAlerts } from '../alerts/recent-alerts-query';
import { useCity } from '../city/city-context';
import { useSensorList } from '../sensors/sensors-query';
import { useStats } from '../stats/stats-query';
import { fallbackStats } from './fallback-readings';
import { useLiveConnection, useLiveFallback } from './live-state';
import type { ConnectionState } from './live-state';

/** One sensor as the live state holds it; `simulated` marks the fallback's. */
type LiveSensor = Pick<Sensor, 'id' | 'status' | 'metadata' | 'lastReading' | 'value' | 'unit'> & {
  simulated: boolean;
};

interface LiveStats extends Stats {
  /** True for the simulated fallback figures while the live connection is down. */
  simulated: boolean;
}

/**
 * The real-time context: sensors by id (the first page of the city's list, live), the alerts list
 * and the stats of the city.
 */
export interface LiveState {
  connection: ConnectionState;
  isConnected: boolean;
  city: CityKey;
  sensors: Readonly<Record<string, LiveSensor>>;
  /** Newest first, at most 50, any status. */
  alerts: readonly Alert[];
  /** Open or acknowledged alerts, newest first. */
  activeAlerts: readonly Alert[];
  criticalAlertCount: number;
  stats: LiveStats | null;
  /** True while the fallback's simulated values stand in for the live connection. */
  simulated: boolean;
  /**
   * Socket-style methods stay on the context for code written against a raw socket, but the
   * connection belongs to the provider: each only logs a warning that it is unavailable.
   */
  emit: (...args: unknown[]) => void;
  on: (...args: unknown[]) => void;
  off: (...args: unknown[]) => void;
}

function unavailable(method: 'emit' | 'on' | 'off') {
  return (...args: unknown[]) => {
    console.warn(
      `socket.${method} is unavailable: live data is read from the query cache, not by raw events`,
      ...args,
    );
  };
}

const UNAVAILABLE_SOCKET_METHODS = {
  emit: unavailable('emit'),
  on: unavailable('on'),
  off: unavailable('off'),
} as const;

function isActive(alert: Alert): boolean {
  return ACTIVE_ALERT_STATUSES.includes(alert.status);
}

/**
 * `useSocket()`: a read-only view of the selected city's live data as the query cache
 * holds it. It re-renders on every reading, so screens read the narrower hooks (`useSensorList`,
 * `useStats`, `useLiveConnection`, …) and this view stays for code that wants everything at once.
 */
export function useSocket(): LiveState {
  const connection = useLiveConnection();
  const fallback = useLiveFallback();
  const { cityKey } = useCity();
  // The sensors the screens load first: a city's whole registry is never held at once.
  const sensors = useSensorList(cityKey, {}).data?.pages[0]?.items ?? [];
  const alerts = useRecentAlerts(cityKey).data ?? [];
  const stats = useStats(cityKey).data ?? null;
  const activeAlerts = alerts.filter(isActive);

  const liveSensors: Record<string, LiveSensor> = {};
  for (const sensor of sensors) {
    const { id, status, metadata, lastReading, value, unit } = sensor;
    liveSensors[id] = { id, status, metadata, lastReading, value, unit, simulated: false };
  }
  for (const sensor of fallback?.sensors ?? []) {
    liveSensors[sensor.id] = {
      id: sensor.id,
      status: 'active',
      metadata: {},
      lastReading: fallback!.at,
      value: sensor.value,
      unit: sensor.unit,
      simulated: true,
    };
  }
  const shownStats: LiveStats | null = fallback
    ? { ...fallbackStats(fallback.at, alerts), simulated: true }
    : stats && { ...stats, simulated: false };

  return {
    connection,
    isConnected: connection === 'connected',
    city: cityKey,
    sensors: liveSensors,
    alerts,
    activeAlerts,
    criticalAlertCount: stats?.criticalAlerts ?? 0,
    stats: shownStats,
    simulated: fallback !== null,
    ...UNAVAILABLE_SOCKET_METHODS,
  };
}
