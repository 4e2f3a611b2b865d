import { ACTIVE_ALERT_STATUSES, LOW_SUPPLY_SHARE } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import { within, type Circle } from '../../db/circle.repository';
import type { Database } from '../../db/schema';

export type { Circle };

/*
 * Read-only aggregates over the sensors, their latest values and the active alerts, each one
 * statement that answers counts and a few rows however many sensors a city has. Only the sensors
 * and alerts features write these tables.
 */

/** The sensors of a city and type that report now: active, with a latest value. */
function reporting(city: string, type: string) {
  return sql`from sensors s join sensor_latest l on l.sensor_id = s.id
    where s.city_key = ${city} and s.type = ${type} and s.status = 'active' and l.value is not null`;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The mean AQI of the reporting air sensors in the circle: the same rows and the same mean as the
 * city's figure, narrowed to the area.
 */
export async function airFigures(
  db: Kysely<Database>,
  city: string,
  circle: Circle | null,
): Promise<{ sensors: number; mean: number | null }> {
  if (!circle) return { sensors: 0, mean: null };
  const { rows } = await sql<Record<string, unknown>>`
    select count(*)::int as sensors, avg(l.value) as mean
    ${reporting(city, 'air_quality')} and ${within(circle)}`.execute(db);
  const row = rows[0] ?? {};
  return { sensors: Number(row.sensors ?? 0), mean: num(row.mean) };
}

export type SupplyFigures = {
  area: { meters: number; low: number };
  city: { meters: number; low: number };
};

/**
 * The reporting supply meters that have a rated flow, in the circle and in the city, and how many
 * of them run below LOW_SUPPLY_SHARE of it.
 */
export async function supplyFigures(
  db: Kysely<Database>,
  city: string,
  circle: Circle | null,
): Promise<SupplyFigures> {
  const { rows } = await sql<Record<string, unknown>>`
    select count(*) filter (where near)::int as area_meters,
      count(*) filter (where near and low)::int as area_low,
      count(*)::int as city_meters,
      count(*) filter (where low)::int as city_low
    from (
      select ${within(circle)} as near,
        l.value < ${LOW_SUPPLY_SHARE}::float8 * case when jsonb_typeof(s.metadata -> 'ratedMld') = 'number'
          then (s.metadata ->> 'ratedMld')::float8 end as low
      ${reporting(city, 'water')}
        and jsonb_typeof(s.metadata -> 'ratedMld') = 'number'
    ) m`.execute(db);
  const row = rows[0] ?? {};
  return {
    area: { meters: Number(row.area_meters ?? 0), low: Number(row.area_low ?? 0) },
    city: { meters: Number(row.city_meters ?? 0), low: Number(row.city_low ?? 0) },
  };
}

export type BusiestPlaces = { places: number; busiest: { place: string; congestion: number }[] };

/**
 * The most congested places (the busiest sensor of each) among the reporting traffic sensors, in
 * the circle or, without one, the whole city; and how many places report.
 */
export async function busiestPlaces(
  db: Kysely<Database>,
  city: string,
  circle: Circle | null,
  limit: number,
): Promise<BusiestPlaces> {
  const { rows } = await sql<{ place: string; congestion: number; places: number }>`
    select place, congestion, count(*) over ()::int as places
    from (
      select s.location as place, max(l.value) as congestion
      ${reporting(city, 'traffic')} ${circle ? sql`and ${within(circle)}` : sql``}
      group by s.location
    ) p
    order by congestion desc, place
    limit ${limit}`.execute(db);
  return {
    places: rows[0]?.places ?? 0,
    busiest: rows.map((r) => ({ place: r.place, congestion: Number(r.congestion) })),
  };
}

export type NearAlertRow = {
  type: string;
  severity: string;
  place: string;
  since: Date;
  value: number | null;
};

/**
 * The city's active alerts that affect residents (a sensor going silent does not), as counts in
 * the circle and in the city, and the worst and newest in the circle or, without one, the city.
 */
export async function activeAlertsNear(
  db: Kysely<Database>,
  city: string,
  circle: Circle | null,
  limit: number,
): Promise<{ near: number; city: number; items: NearAlertRow[] }> {
  const from = sql`from alerts a join sensors s on s.id = a.sensor_id
    where a.city_key = ${city} and a.status = any(${[...ACTIVE_ALERT_STATUSES]}::text[])
      and a.rule <> 'offline' and s.type <> 'population'
      -- Raised inside a maintenance window: not a condition to tell residents about.
      and not a.suppressed`;
  const inScope = circle ? sql`and ${within(circle)}` : sql``;
  const [counts, items] = await Promise.all([
    sql<{ near: number; city: number }>`
      select (count(*) filter (where ${within(circle)}))::int as near, count(*)::int as city
      ${from}`.execute(db),
    sql<NearAlertRow>`
      select s.type, a.severity, coalesce(a.location, s.location) as place, a.created_at as since,
        a.value
      ${from} ${inScope}
      order by case a.severity when 'critical' then 3 when 'high' then 2 when 'warning' then 1
        else 0 end desc, a.created_at desc, a.id
      limit ${limit}`.execute(db),
  ]);
  return {
    near: counts.rows[0]?.near ?? 0,
    city: counts.rows[0]?.city ?? 0,
    items: items.rows.map((r) => ({
      ...r,
      since: new Date(r.since),
      value: r.value === null ? null : Number(r.value),
    })),
  };
}
