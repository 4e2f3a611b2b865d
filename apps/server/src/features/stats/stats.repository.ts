import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type StatsRow = {
  city_key: string;
  total_sensors: number;
  active_sensors: number;
  alerts: number;
  critical_alerts: number;
  last_update: Date | null;
};

/** Sensor and active-alert counts per city (one row per city that has sensors). */
export async function countStatsByCity(
  db: Kysely<Database>,
  cities?: readonly string[],
): Promise<StatsRow[]> {
  const cityFilter =
    cities && cities.length > 0 ? sql`where s.city_key = any(${[...cities]}::text[])` : sql``;
  const result = await sql<StatsRow>`
    select s.city_key,
      count(*)::int as total_sensors,
      (count(*) filter (where s.status = 'active'))::int as active_sensors,
      coalesce(max(a.alerts), 0)::int as alerts,
      coalesce(max(a.critical_alerts), 0)::int as critical_alerts,
      max(s.last_reading) as last_update
    from sensors s
    left join (
      select city_key, count(*) as alerts, count(*) filter (where severity = 'critical') as critical_alerts
      from alerts where status in ('open', 'acknowledged') group by city_key
    ) a on a.city_key = s.city_key
    ${cityFilter}
    group by s.city_key
    order by s.city_key`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    last_update: r.last_update === null ? null : new Date(r.last_update),
  }));
}
