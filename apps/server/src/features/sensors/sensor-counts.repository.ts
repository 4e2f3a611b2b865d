import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { tally } from '../../lib/tally';
import { filtered, type SensorFilter } from './sensors.repository';

// How many sensors there are, per city, type and status, and the figures of their latest readings:
// kept counts where the question allows, counted where it does not.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The kept number of sensors per city, type and status (migration 0029): the sum of each key's
 * net changes, never a count of the sensors themselves.
 */
function keptSensorCounts(
  db: Db,
  cities?: readonly string[],
): Promise<{ city_key: string; type: string; status: string; n: number }[]> {
  let query = db
    .selectFrom('sensor_counts')
    .select(['city_key', 'type', 'status', sql<number>`sum(n)::int`.as('n')])
    .groupBy(['city_key', 'type', 'status'])
    .having(sql<boolean>`sum(n) <> 0`);
  if (cities && cities.length > 0) query = query.where('city_key', 'in', [...cities]);
  return query.execute();
}

/**
 * How many sensors match the filter per type and status pair: from the kept counts when the filter
 * names at most a city (the dashboard's and the sensors screen's usual question), else counted.
 */
export async function countSensorsByTypeAndStatus(
  db: Db,
  filter: SensorFilter,
): Promise<{ type: string; status: string; n: number }[]> {
  if (!filter.q && !filter.bbox) {
    const kept = await keptSensorCounts(db, filter.city ? [filter.city] : undefined);
    return tally(
      kept.filter(
        (row) =>
          (!filter.type || row.type === filter.type) &&
          (!filter.status || row.status === filter.status),
      ),
      (row) => `${row.type}\u0000${row.status}`,
      (row) => ({ type: row.type, status: row.status, n: 0 }),
      (counted, row) => {
        counted.n += row.n;
      },
    );
  }
  return filtered(
    db.selectFrom('sensors').select(['type', 'status', sql<number>`count(*)::int`.as('n')]),
    filter,
  )
    .groupBy(['type', 'status'])
    .execute();
}

export type SensorCountRow = {
  city_key: string;
  total_sensors: number;
  active_sensors: number;
  last_update: Date | null;
};

/** Sensors per city, how many are active and their newest reading time (every city when none given). */
export async function countSensorsByCity(
  db: Db,
  cities?: readonly string[],
): Promise<SensorCountRow[]> {
  const [counts, latest] = await Promise.all([
    keptSensorCounts(db, cities),
    (cities && cities.length > 0
      ? db
          .selectFrom('city_latest')
          .selectAll()
          .where('city_key', 'in', [...cities])
      : db.selectFrom('city_latest').selectAll()
    ).execute(),
  ]);
  const byCity = new Map(
    tally(
      counts,
      (row) => row.city_key,
      (row): SensorCountRow => ({
        city_key: row.city_key,
        total_sensors: 0,
        active_sensors: 0,
        last_update: null,
      }),
      (city, row) => {
        city.total_sensors += row.n;
        if (row.status === 'active') city.active_sensors += row.n;
      },
    ).map((city) => [city.city_key, city]),
  );
  for (const row of latest) {
    const city = byCity.get(row.city_key);
    if (city) city.last_update = new Date(row.last_reading);
  }
  return [...byCity.values()].sort((a, b) => a.city_key.localeCompare(b.city_key));
}

/** A read of at most one sensor id: the cheapest question that proves the sensors can be read. */
export async function countOneSensor(db: Db): Promise<number> {
  const row = await db
    .selectFrom(db.selectFrom('sensors').select('id').limit(1).as('one'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * One type's figures over a city's sensors: how many it monitors (all but inactive ones), and over
 * those that are active and have reported, how many, their mean and total and their details.
 */
export type TypeFiguresRow = {
  type: string;
  monitored: number;
  sensors: number;
  avg: number | null;
  sum: number | null;
  details: Record<string, number | null>;
};

/**
 * Per type, the city's monitored sensors (all but inactive ones), and over those that are active with
 * a latest value: how many, the mean and the total of their values, and the mean of each
 * `detailKeys` figure of their latest reading's metadata (where it is a number). One pass over the
 * city's sensors, however many there are.
 */
export async function figuresByType(
  db: Db,
  city: string,
  detailKeys: readonly string[],
): Promise<TypeFiguresRow[]> {
  const reporting = sql`status = 'active' and value is not null`;
  const details = detailKeys.map(
    (key, i) =>
      sql`avg(case when jsonb_typeof(reading_metadata -> ${key}) = 'number'
        then (reading_metadata ->> ${key})::float8 end) filter (where ${reporting})
        as ${sql.ref(`d${i}`)}`,
  );
  const result = await sql<Record<string, unknown>>`
    select type, count(*)::int as monitored,
      (count(*) filter (where ${reporting}))::int as sensors,
      avg(value) filter (where ${reporting}) as avg,
      sum(value) filter (where ${reporting}) as sum
      ${details.length > 0 ? sql`, ${sql.join(details)}` : sql``}
    from sensors s left join sensor_latest l on l.sensor_id = s.id
    where city_key = ${city} and status <> 'inactive'
    group by type`.execute(db);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return result.rows.map((r) => ({
    type: String(r.type),
    monitored: Number(r.monitored),
    sensors: Number(r.sensors),
    avg: num(r.avg),
    sum: num(r.sum),
    details: Object.fromEntries(detailKeys.map((key, i) => [key, num(r[`d${i}`])])),
  }));
}

/** How many sensors of a type each of some cities monitors (all but inactive ones). */
export async function countMonitoredOfType(
  db: Db,
  type: string,
  cities: readonly string[],
): Promise<{ city_key: string; monitored: number }[]> {
  const result = await sql<{ city_key: string; monitored: number }>`
    select city_key, count(*)::int as monitored
    from sensors
    where city_key = any(${[...cities]}::text[]) and type = ${type} and status <> 'inactive'
    group by city_key`.execute(db);
  return result.rows;
}
