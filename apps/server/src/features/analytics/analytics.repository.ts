import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A sensor of a city as the overview needs it: its latest value and its latest reading's metadata. */
export type OverviewSensorRow = {
  id: string;
  type: string;
  status: string;
  value: number | null;
  /** Metadata of the sensor's newest stored reading; null when it carried none. */
  reading_metadata: Record<string, unknown> | null;
};

/**
 * Every sensor of a city with its latest value. For the types in `metadataTypes`, the metadata of
 * the newest stored reading comes along: one index probe per sensor on (sensor_id, timestamp desc).
 */
export async function listOverviewSensors(
  db: Kysely<Database>,
  city: string,
  metadataTypes: readonly string[],
): Promise<OverviewSensorRow[]> {
  const result = await sql<OverviewSensorRow>`
    select s.id, s.type, s.status, s.value, d.metadata as reading_metadata
    from sensors s
    left join lateral (
      select metadata from sensor_data
      where sensor_id = s.id and s.type = any(${[...metadataTypes]}::text[])
      order by "timestamp" desc
      limit 1
    ) d on true
    where s.city_key = ${city}
    order by s.id`.execute(db);
  return result.rows.map((r) => ({ ...r, value: r.value === null ? null : Number(r.value) }));
}

/** One sensor's mean over a span, from the minute rollups. */
export type SensorMeanRow = { sensor_id: string; type: string; mean: number };

/** Each sensor's reading mean within [from, to) for a city, from the minute rollups. */
export async function sensorMeansBetween(
  db: Kysely<Database>,
  city: string,
  from: Date,
  to: Date,
): Promise<SensorMeanRow[]> {
  const result = await sql<{ sensor_id: string; type: string; total: number; n: number }>`
    select m.sensor_id, s.type, sum(m.sum) as total, sum(m.count)::int as n
    from sensors s
    join sensor_readings_minute m on m.sensor_id = s.id
    where s.city_key = ${city} and m.minute >= ${from} and m.minute < ${to}
    group by m.sensor_id, s.type
    order by m.sensor_id`.execute(db);
  return result.rows
    .filter((r) => Number(r.n) > 0)
    .map((r) => ({ sensor_id: r.sensor_id, type: r.type, mean: Number(r.total) / Number(r.n) }));
}

/**
 * One time bucket of one city's sensors of a type. Both ways of combining the sensors come back, so
 * the service picks the one the metric needs:
 * - `weighted_mean`: all readings of the bucket averaged together (each sensor weighs by its count);
 * - `sum_of_means`: each sensor's bucket mean, summed over the sensors;
 * - `min`/`max`: the lowest and highest single reading in the bucket;
 * - `sum_of_mins`/`sum_of_maxes`: each sensor's lowest (highest) reading, summed over the sensors.
 */
export type CityBucketRow = {
  city_key: string;
  bucket: Date;
  weighted_mean: number;
  sum_of_means: number;
  min: number;
  max: number;
  sum_of_mins: number;
  sum_of_maxes: number;
  sensors: number;
};

/**
 * Buckets of `bucketS` seconds of one metric for some cities, over minutes in [from, to), oldest
 * first, in one query over the minute rollups (never the raw readings). Buckets start at multiples
 * of `bucketS` since the epoch; buckets without readings are absent.
 */
export async function cityBuckets(
  db: Kysely<Database>,
  q: { cities: readonly string[]; metric: string; from: Date; to: Date; bucketS: number },
): Promise<CityBucketRow[]> {
  const result = await sql<Record<keyof CityBucketRow, unknown>>`
    select city_key, bucket,
      sum(total) / sum(n) as weighted_mean,
      sum(total / n) as sum_of_means,
      min(lo) as min, max(hi) as max,
      sum(lo) as sum_of_mins, sum(hi) as sum_of_maxes,
      count(*)::int as sensors
    from (
      select s.city_key, s.id,
        to_timestamp(floor(extract(epoch from m.minute) / ${q.bucketS}) * ${q.bucketS}) as bucket,
        sum(m.sum) as total, sum(m.count)::float8 as n, min(m.min) as lo, max(m.max) as hi
      from sensors s
      join sensor_readings_minute m on m.sensor_id = s.id
      where s.city_key = any(${[...q.cities]}::text[]) and s.type = ${q.metric}
        and m.minute >= ${q.from} and m.minute < ${q.to}
      group by s.city_key, s.id, 3
      having sum(m.count) > 0
    ) per_sensor
    group by city_key, bucket
    order by city_key, bucket`.execute(db);
  return result.rows.map((r) => ({
    city_key: String(r.city_key),
    bucket: new Date(r.bucket as Date | string),
    weighted_mean: Number(r.weighted_mean),
    sum_of_means: Number(r.sum_of_means),
    min: Number(r.min),
    max: Number(r.max),
    sum_of_mins: Number(r.sum_of_mins),
    sum_of_maxes: Number(r.sum_of_maxes),
    sensors: Number(r.sensors),
  }));
}
