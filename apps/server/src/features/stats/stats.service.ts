import { cityKeySchema, type CityKey, type Stats } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { countStatsByCity, type StatsRow } from './stats.repository';

function sum(rows: StatsRow[]): Stats {
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

export function createStatsService(deps: { db: Kysely<Database>; events: DomainEvents }) {
  const { db, events } = deps;
  return {
    /** The dashboard counts of one city, or of every city. */
    async get(city?: CityKey): Promise<Stats> {
      return sum(await countStatsByCity(db, city ? [city] : undefined));
    },

    /** Tells live viewers the new counts of each city; call after the change has committed. */
    async announce(cities: Iterable<string>): Promise<void> {
      const keys = [...new Set(cities)];
      if (keys.length === 0) return;
      for (const row of await countStatsByCity(db, keys)) {
        events.emit('stats.changed', { city: cityKeySchema.parse(row.city_key), ...sum([row]) });
      }
    },
  };
}
