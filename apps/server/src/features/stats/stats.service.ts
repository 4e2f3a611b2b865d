import { cityKeySchema, type CityKey, type Stats } from '@smart-city/shared';
import { createKeyedThrottle } from '../../lib/keyed-throttle';
import type { DomainEvents } from '../../live/domain-events';
import type { AlertsService } from '../alerts/alerts.service';
import type { SensorCountRow, SensorsService } from '../sensors/sensors.service';

type CityCounts = SensorCountRow & { alerts: number; critical_alerts: number };

function sum(rows: CityCounts[]): Stats {
  let lastUpdate: Date | null = null;
  for (const r of rows)
    if (r.last_update && (!lastUpdate || r.last_update > lastUpdate)) lastUpdate = r.last_update;
  return {
    totalSensors: rows.reduce((n, r) => n + r.total_sensors, 0),
    activeSensors: rows.reduce((n, r) => n + r.active_sensors, 0),
    alerts: rows.reduce((n, r) => n + r.alerts, 0),
    criticalAlerts: rows.reduce((n, r) => n + r.critical_alerts, 0),
    lastUpdate: lastUpdate ? lastUpdate.toISOString() : null,
  };
}

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * A city's counts go out at most this often: a busy ingest changes them with every batch, and each
 * announcement counts a city's sensors and active alerts. The last change always goes out.
 */
const STATS_INTERVAL_MS = 1_000;

/** The dashboard counts: each city's sensors (from the sensors) and active alerts (from the alerts). */
export function createStatsService(deps: {
  events: DomainEvents;
  sensors: Pick<SensorsService, 'countByCity'>;
  alerts: Pick<AlertsService, 'countActiveByCity'>;
  /** An announcement that failed after its caller moved on is reported here. */
  onError?: (err: unknown) => void;
}) {
  const { events } = deps;

  async function send(city: string) {
    for (const row of await countByCity([city])) {
      events.emit('stats', { city: cityKeySchema.parse(row.city_key), ...sum([row]) });
    }
  }

  /** One row per city that has sensors, with its active alerts. */
  async function countByCity(cities?: readonly string[]): Promise<CityCounts[]> {
    const [sensors, alerts] = await Promise.all([
      deps.sensors.countByCity(cities),
      deps.alerts.countActiveByCity(cities),
    ]);
    const alertsOf = new Map(alerts.map((a) => [a.city_key, a]));
    return sensors.map((s) => ({
      ...s,
      alerts: alertsOf.get(s.city_key)?.alerts ?? 0,
      critical_alerts: alertsOf.get(s.city_key)?.critical_alerts ?? 0,
    }));
  }

  // Each city's viewers hear its new counts at most every STATS_INTERVAL_MS.
  const counts = createKeyedThrottle({
    intervalMs: STATS_INTERVAL_MS,
    send,
    onError: deps.onError,
  });

  // Every committed change of sensors or alerts says which cities' counts moved.
  events.on('counts:changed', ({ cities }) => counts.request(cities));

  return {
    /** The dashboard counts of one city, or of every city. */
    async get(city?: CityKey): Promise<Stats> {
      return sum(await countByCity(city ? [city] : undefined));
    },

    /** Cancels the announcements still waiting (the server is stopping). */
    stop: counts.stop,
  };
}
