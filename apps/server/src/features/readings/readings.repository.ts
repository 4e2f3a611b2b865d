import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Readings ready to store, as parallel columns (the shape `unnest` wants). */
export type ReadingColumns = {
  sensorIds: string[];
  values: number[];
  units: string[];
  timestamps: string[];
  metadata: (string | null)[];
};

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores a batch and folds it into the per-minute rollups in one statement: one round trip, and the
 * readings cross the wire once however many they are.
 */
export async function insertReadings(db: Db, r: ReadingColumns): Promise<void> {
  // The rollups are written in key order so concurrent batches take row locks in the same order.
  await sql`
    with batch as (
      select * from unnest(${r.sensorIds}::text[], ${r.values}::float8[], ${r.units}::text[],
        ${r.timestamps}::timestamptz[], ${r.metadata}::jsonb[]) as u(sensor_id, value, unit, ts, metadata)
    ), raw as (
      insert into sensor_data (sensor_id, value, unit, "timestamp", metadata)
      select sensor_id, value, unit, ts, metadata from batch
    )
    insert into sensor_readings_minute as m (sensor_id, minute, min, max, sum, count)
    select sensor_id, date_trunc('minute', ts), min(value), max(value), sum(value), count(*)
    from batch
    group by 1, 2
    order by 1, 2
    on conflict (sensor_id, minute) do update set
      min = least(m.min, excluded.min),
      max = greatest(m.max, excluded.max),
      sum = m.sum + excluded.sum,
      count = m.count + excluded.count`.execute(db);
}

/** Raw readings newest first, at most `limit`. */
export function rawReadings(db: Db, sensorId: string, from: Date, limit: number) {
  return db
    .selectFrom('sensor_data')
    .select(['timestamp', 'value'])
    .where('sensor_id', '=', sensorId)
    .where('timestamp', '>=', from)
    .orderBy('timestamp', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Time buckets of `bucketS` seconds built from the minute rollups since `from`, newest first, and
 * how many readings the window holds (counting the minute `from` falls in, as a raw read would
 * find them): one walk of the sensor's rollup index answers both.
 */
export async function bucketedReadings(db: Db, sensorId: string, from: Date, bucketS: number) {
  const fromMinute = new Date(Math.floor(from.getTime() / 60_000) * 60_000);
  const result = await sql<{
    bucket: Date | string;
    min: number | null;
    max: number | null;
    sum: number | null;
    count: number | null;
    readings: number;
  }>`
    select date_bin(make_interval(secs => ${bucketS}), minute, timestamptz 'epoch') as bucket,
      min(min) filter (where minute >= ${from}) as min,
      max(max) filter (where minute >= ${from}) as max,
      sum(sum) filter (where minute >= ${from}) as sum,
      (sum(count) filter (where minute >= ${from}))::int as count,
      sum(count)::int as readings
    from sensor_readings_minute
    where sensor_id = ${sensorId} and minute >= ${fromMinute}
    group by 1
    order by 1 desc`.execute(db);
  const readings = result.rows.reduce((n, r) => n + Number(r.readings), 0);
  const buckets = result.rows
    .filter((r) => r.count !== null && Number(r.count) > 0)
    .map((r) => ({
      bucket: new Date(r.bucket),
      min: Number(r.min),
      max: Number(r.max),
      avg: Number(r.sum) / Number(r.count),
    }));
  return { readings, buckets };
}

/** Deletes raw readings older than `rawBefore` and rollups older than `rollupsBefore`. */
export async function pruneReadings(db: Db, rawBefore: Date, rollupsBefore: Date) {
  const raw = await db
    .deleteFrom('sensor_data')
    .where('timestamp', '<', rawBefore)
    .executeTakeFirst();
  const rollups = await db
    .deleteFrom('sensor_readings_minute')
    .where('minute', '<', rollupsBefore)
    .executeTakeFirst();
  return { raw: Number(raw.numDeletedRows), rollups: Number(rollups.numDeletedRows) };
}
