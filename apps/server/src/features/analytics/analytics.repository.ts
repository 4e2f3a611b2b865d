import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Per sensor type, over the sensors that count now (active, with a latest value) and also reported
 * in a past span: their values now and their means then, each averaged and summed.
 */
export type TrendPairRow = {
  type: string;
  sensors: number;
  now_avg: number;
  now_sum: number;
  then_avg: number;
  then_sum: number;
};

/**
 * The same sensors now and in [from, to), from their latest values and the minute rollups: a trend
 * compares like with like, so a sensor added since, or silent then, is in neither side. The city's
 * sensors are joined here (read only) rather than listed first, so a large city is one query.
 */
export async function trendPairsBetween(
  db: Kysely<Database>,
  city: string,
  from: Date,
  to: Date,
): Promise<TrendPairRow[]> {
  const result = await sql<Record<keyof TrendPairRow, unknown>>`
    select type, count(*)::int as sensors, avg(now_value) as now_avg, sum(now_value) as now_sum,
      avg(then_mean) as then_avg, sum(then_mean) as then_sum
    from (
      select s.type, l.value as now_value, sum(m.sum) / sum(m.count) as then_mean
      from sensors s
      join sensor_latest l on l.sensor_id = s.id
      join sensor_readings_minute m on m.sensor_id = s.id
      where s.city_key = ${city} and s.status = 'active' and l.value is not null
        and m.minute >= ${from} and m.minute < ${to}
      group by s.type, s.id, l.value
      having sum(m.count) > 0
    ) pairs
    group by type`.execute(db);
  return result.rows.map((r) => ({
    type: String(r.type),
    sensors: Number(r.sensors),
    now_avg: Number(r.now_avg),
    now_sum: Number(r.now_sum),
    then_avg: Number(r.then_avg),
    then_sum: Number(r.then_sum),
  }));
}

/**
 * All readings of a city's sensors of one type within [from, to), from the minute rollups: mean,
 * lowest, highest, how many readings and how many sensors sent them.
 */
export async function spanFigures(
  db: Kysely<Database>,
  q: { city: string; type: string; from: Date; to: Date },
): Promise<{
  mean: number | null;
  min: number | null;
  max: number | null;
  readings: number;
  sensors: number;
}> {
  const result = await sql<{
    mean: unknown;
    min: unknown;
    max: unknown;
    readings: number;
    sensors: number;
  }>`
    select sum(m.sum) / nullif(sum(m.count), 0) as mean, min(m.min) as min, max(m.max) as max,
      coalesce(sum(m.count), 0)::int as readings, count(distinct m.sensor_id)::int as sensors
    from sensor_readings_minute m
    join sensors s on s.id = m.sensor_id
    where s.city_key = ${q.city} and s.type = ${q.type} and m.minute >= ${q.from} and m.minute < ${q.to}`.execute(
    db,
  );
  const row = result.rows[0]!;
  const num = (value: unknown) => (value === null ? null : Number(value));
  return {
    mean: num(row.mean),
    min: num(row.min),
    max: num(row.max),
    readings: Number(row.readings),
    sensors: Number(row.sensors),
  };
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

/** A row of either bucket query, as numbers and a date. */
function toCityBucketRow(r: Record<keyof CityBucketRow, unknown>): CityBucketRow {
  return {
    city_key: String(r.city_key),
    bucket: new Date(r.bucket as Date | string),
    weighted_mean: Number(r.weighted_mean),
    sum_of_means: Number(r.sum_of_means),
    min: Number(r.min),
    max: Number(r.max),
    sum_of_mins: Number(r.sum_of_mins),
    sum_of_maxes: Number(r.sum_of_maxes),
    sensors: Number(r.sensors),
  };
}

/**
 * Buckets of `bucketS` seconds of the cities' sensors of one type, per city, over minutes in
 * [from, to), oldest first, in one query over the minute rollups (never the raw readings). Buckets
 * start at multiples of `bucketS` since the epoch; buckets without readings are absent. The sensors
 * are joined (read only) so a large city is one query, not a list of ids sent first.
 */
export async function cityBuckets(
  db: Kysely<Database>,
  q: { cities: readonly string[]; type: string; from: Date; to: Date; bucketS: number },
): Promise<CityBucketRow[]> {
  if (q.cities.length === 0) return [];
  if (q.bucketS === 3_600 || q.bucketS === 86_400)
    return cityPeriods(db, { ...q, level: q.bucketS === 3_600 ? 'hourly' : 'daily' });
  const result = await sql<Record<keyof CityBucketRow, unknown>>`
    select city_key, bucket,
      sum(total) / sum(n) as weighted_mean,
      sum(total / n) as sum_of_means,
      min(lo) as min, max(hi) as max,
      sum(lo) as sum_of_mins, sum(hi) as sum_of_maxes,
      count(*)::int as sensors
    from (
      select s.city_key, s.id,
        date_bin(make_interval(secs => ${q.bucketS}), m.minute, timestamptz 'epoch') as bucket,
        sum(m.sum) as total, sum(m.count)::float8 as n, min(m.min) as lo, max(m.max) as hi
      from sensors s
      join sensor_readings_minute m on m.sensor_id = s.id
      where s.city_key = any(${[...q.cities]}::text[]) and s.type = ${q.type}
        and m.minute >= ${q.from} and m.minute < ${q.to}
      group by s.city_key, s.id, 3
      having sum(m.count) > 0
    ) per_sensor
    group by city_key, bucket
    order by city_key, bucket`.execute(db);
  return result.rows.map(toCityBucketRow);
}

/**
 * Hourly or daily buckets of the cities' sensors of one type from the cities' own rollups: the
 * hours (days) built so far within [from, to), one row each, whatever the number of sensors. The
 * period still running is not built yet and is not among them.
 */
async function cityPeriods(
  db: Kysely<Database>,
  q: { cities: readonly string[]; type: string; from: Date; to: Date; level: 'hourly' | 'daily' },
): Promise<CityBucketRow[]> {
  const result = await cityPeriodsQuery(q).execute(db);
  return result.rows.map(toCityBucketRow);
}

/** The query of `cityPeriods`. */
export function cityPeriodsQuery(q: {
  cities: readonly string[];
  type: string;
  from: Date;
  to: Date;
  level: 'hourly' | 'daily';
}) {
  const column = q.level === 'hourly' ? 'hour' : 'day';
  return sql<Record<keyof CityBucketRow, unknown>>`
    select city_key, ${sql.ref(column)} as bucket, sum / count as weighted_mean, sum_of_means,
      min, max, sum_of_mins, sum_of_maxes, sensors
    from ${sql.table(`city_readings_${q.level}`)}
    where city_key = any(${[...q.cities]}::text[]) and type = ${q.type}
      and ${sql.ref(column)} >= ${q.from} and ${sql.ref(column)} < ${q.to} and count > 0
    order by city_key, bucket`;
}
