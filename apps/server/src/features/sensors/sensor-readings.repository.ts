import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

// The sensors as readings reach them: who reports (the simulator's round), how a batch of readings
// is judged, the fold that gives each sensor its latest reading, and the sensors gone silent.

type Db = Kysely<Database> | Transaction<Database>;

/** Sensors with their city's time zone in id order, after `afterId`, at most `limit`; for the simulator. */
export function listSensorsWithTimeZone(db: Db, page: { afterId: string | null; limit: number }) {
  let query = db
    .selectFrom('sensors')
    .innerJoin('cities', 'cities.key', 'sensors.city_key')
    .leftJoin('sensor_latest as l', 'l.sensor_id', 'sensors.id')
    .select([
      'sensors.id',
      'sensors.type',
      'sensors.city_key',
      'sensors.status',
      'sensors.unit',
      'sensors.metadata',
      'l.value',
      'cities.time_zone',
    ]);
  if (page.afterId !== null) query = query.where('sensors.id', '>', page.afterId);
  return query.orderBy('sensors.id').limit(page.limit).execute();
}

/** A sensor as the readings it receives are judged: checked, stored and run through the rules. */
export type ReadingSensor = {
  id: string;
  /** Named in the facts of the alerts its readings raise. */
  name: string;
  type: string;
  city_key: string;
  location: string;
  status: string;
  unit: string;
  /** The sensor's own metadata where a rule reads it (an energy feeder's rating); else null. */
  metadata: Record<string, unknown> | null;
};

/** The sensors named, as a batch of their readings is judged; unknown ids are left out. */
export function findReadingSensors(db: Db, ids: readonly string[]): Promise<ReadingSensor[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // Every column read is parsed for each of thousands of rows: only what the checks and rules use.
  return db
    .selectFrom('sensors')
    .select(['id', 'name', 'type', 'city_key', 'location', 'status', 'unit'])
    .select(
      sql<Record<string, unknown> | null>`case when type = 'energy' then metadata end`.as(
        'metadata',
      ),
    )
    .where(sql<boolean>`id = any(${ids}::text[])`)
    .execute();
}

/** Per city, how many sensors a fold gave a newer reading, and those of them that were offline. */
export type FoldedLatest = {
  city_key: string;
  sensors: number;
  back_online: { id: string; metadata: Record<string, unknown> }[];
};

/**
 * Gives each sensor the latest of its raw readings written by transactions `from` ≤ xact < `to`,
 * never moving it back in time, notes it was heard now (whatever the readings' own times), and makes
 * an offline or pending sensor that reported active: one narrow row update per sensor however many
 * readings it sent since the last fold.
 */
export async function applyFoldedLatest(
  trx: Transaction<Database>,
  range: { from: string; to: string },
  now: Date,
): Promise<FoldedLatest[]> {
  const result = await sql<FoldedLatest>`
    with latest as materialized (
      select distinct on (sensor_id) sensor_id, value, "timestamp" as ts, metadata
      from sensor_data
      where xact >= ${range.from}::bigint and xact < ${range.to}::bigint
      order by sensor_id, "timestamp" desc
    ), newer as (
      update sensor_latest s set
        value = case when s.last_reading is null or s.last_reading <= l.ts then l.value else s.value end,
        reading_metadata = case when s.last_reading is null or s.last_reading <= l.ts
          then l.metadata else s.reading_metadata end,
        last_reading = greatest(s.last_reading, l.ts),
        last_heard = ${now}
      from latest l
      where s.sensor_id = l.sensor_id
      returning s.sensor_id, l.ts
    ), back as (
      update sensors s set status = 'active', updated_at = ${now}
      where s.status in ('offline', 'pending') and s.id in (select sensor_id from latest)
      returning s.id, s.city_key, s.metadata
    ), cities as (
      select s.city_key, count(*)::int as sensors, max(n.ts) as newest
      from newer n join sensors s on s.id = n.sensor_id
      group by s.city_key
    ), kept as (
      insert into city_latest (city_key, last_reading)
      select city_key, newest from cities
      on conflict (city_key) do update
        set last_reading = greatest(city_latest.last_reading, excluded.last_reading)
    )
    select c.city_key, c.sensors,
      coalesce((select json_agg(json_build_object('id', b.id, 'metadata', b.metadata))
        from back b where b.city_key = c.city_key), '[]') as back_online
    from cities c`.execute(trx);
  return result.rows;
}

/**
 * Active sensors not heard from since before `silentSince`, now marked offline, with when they were
 * last heard. A pending sensor (never heard) is not active, so it never goes offline.
 */
export async function markSilentSensorsOffline(db: Db, silentSince: Date, now: Date) {
  const result = await sql<{
    id: string;
    name: string;
    type: string;
    city_key: string;
    location: string;
    metadata: Record<string, unknown>;
    last_heard: Date | string;
  }>`
    update sensors s set status = 'offline', updated_at = ${now}
    from sensor_latest l
    where l.sensor_id = s.id and s.status = 'active' and l.last_heard < ${silentSince}
    returning s.id, s.name, s.type, s.city_key, s.location, s.metadata, l.last_heard`.execute(db);
  return result.rows.map((r) => ({ ...r, last_heard: new Date(r.last_heard) }));
}
