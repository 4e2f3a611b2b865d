import { POLLUTANTS } from '@smart-city/shared';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The rollup levels above the minute: quarter-hours, hours and days, per sensor and (hours and
 * days) per city and sensor type. A period is built from the level below once it has ended (the
 * `*_below` marks of `readings_fold`); minutes that arrive later for an ended period are added to
 * it as they are written, so every level always holds every reading it covers. Both the readings
 * fold and the simulated history write minutes, so both use these.
 */

const EPOCH = sql`timestamptz 'epoch'`;

type Level = {
  /** Rollup table per sensor, and its time column. */
  table: string;
  column: string;
  /** date_bin step. */
  step: string;
  /** The mark below which the level's periods are built. */
  below: string;
  /** The per-city table, when the level has one. */
  city?: string;
};

const QUARTERS: Level = {
  table: 'sensor_readings_quarter',
  column: 'quarter',
  step: '15 minutes',
  below: 'quarters_below',
};
const HOURS: Level = {
  table: 'sensor_readings_hourly',
  column: 'hour',
  step: '1 hour',
  below: 'hours_below',
  city: 'city_readings_hourly',
};
const DAYS: Level = {
  table: 'sensor_readings_daily',
  column: 'day',
  step: '1 day',
  below: 'days_below',
  city: 'city_readings_daily',
};

/**
 * Common table expressions (each after a comma) that add the minutes of the CTE `source` (columns
 * sensor_id, minute, min, max, sum, count) to every period already built that they fall in: the
 * sensor's quarter, hour and day, and its city's hour and day. A city row is corrected by the
 * difference each sensor's row makes (its mean, lowest and highest reading of the period): its row
 * before the statement, read by key, against that row plus the late minutes.
 */
export function addToBuiltPeriods(source: string): RawBuilder<unknown> {
  const parts = [QUARTERS, HOURS, DAYS].map((level) => {
    const name = (suffix: string) => sql.raw(`${level.column}_${suffix}`);
    const t = sql.table(level.table);
    const col = sql.ref(level.column);
    const late = sql`
      , ${name('late')} as (
        select sensor_id, date_bin(${level.step}::interval, minute, ${EPOCH}) as ${col},
          min(min) as min, max(max) as max, sum(sum) as sum, sum(count)::int as count
        from ${sql.table(source)}
        where minute < (select ${sql.ref(level.below)} from readings_fold where id = 1)
        group by 1, 2
      ), ${name('before')} as (
        select l.sensor_id, l.${col}, l.min, l.max, l.sum, l.count, r.min as old_min,
          r.max as old_max, r.sum as old_sum, r.count as old_count
        from ${name('late')} l
        left join ${t} r on r.sensor_id = l.sensor_id and r.${col} = l.${col}
      ), ${name('added')} as (
        insert into ${t} as r (sensor_id, ${col}, min, max, sum, count)
        select sensor_id, ${col}, min, max, sum, count from ${name('late')}
        order by 1, 2
        on conflict (sensor_id, ${col}) do update set
          min = least(r.min, excluded.min),
          max = greatest(r.max, excluded.max),
          sum = r.sum + excluded.sum,
          count = r.count + excluded.count
      )`;
    if (!level.city) return late;
    const c = sql.table(level.city);
    // Each sensor's row after the statement is its row before plus the late minutes.
    return sql`${late}, ${name('city')} as (
        insert into ${c} as c (city_key, type, ${col}, min, max, sum, count, sensors,
          sum_of_means, sum_of_mins, sum_of_maxes)
        select s.city_key, s.type, b.${col}, min(b.min), max(b.max), sum(b.sum), sum(b.count),
          count(*) filter (where b.old_count is null),
          sum((coalesce(b.old_sum, 0) + b.sum) / (coalesce(b.old_count, 0) + b.count)
            - coalesce(b.old_sum / nullif(b.old_count, 0), 0)),
          sum(least(b.min, coalesce(b.old_min, b.min)) - coalesce(b.old_min, 0)),
          sum(greatest(b.max, coalesce(b.old_max, b.max)) - coalesce(b.old_max, 0))
        from ${name('before')} b
        join sensors s on s.id = b.sensor_id
        group by 1, 2, 3
        order by 1, 2, 3
        on conflict (city_key, type, ${col}) do update set
          min = least(c.min, excluded.min),
          max = greatest(c.max, excluded.max),
          sum = c.sum + excluded.sum,
          count = c.count + excluded.count,
          sensors = c.sensors + excluded.sensors,
          sum_of_means = c.sum_of_means + excluded.sum_of_means,
          sum_of_mins = c.sum_of_mins + excluded.sum_of_mins,
          sum_of_maxes = c.sum_of_maxes + excluded.sum_of_maxes
      )`;
  });
  return sql.join(parts, sql``);
}

/**
 * Builds the periods of one level that have ended before `upTo` and are not built yet, from the
 * level below (and the city rows from the sensors' rows), and moves the level's mark on.
 */
async function buildLevel(
  trx: Transaction<Database>,
  level: Level,
  from: { table: string; column: string },
  upTo: Date,
): Promise<void> {
  const t = sql.table(level.table);
  const col = sql.ref(level.column);
  const source = sql.ref(from.column);
  const city = level.city
    ? sql`, city as (
        insert into ${sql.table(level.city)} as c (city_key, type, ${col}, min, max, sum, count,
          sensors, sum_of_means, sum_of_mins, sum_of_maxes)
        select s.city_key, s.type, b.${col}, min(b.min), max(b.max), sum(b.sum), sum(b.count),
          count(*), sum(b.sum / b.count), sum(b.min), sum(b.max)
        from built b join sensors s on s.id = b.sensor_id
        where b.count > 0
        group by 1, 2, 3
        order by 1, 2, 3
        on conflict (city_key, type, ${col}) do update set
          min = excluded.min, max = excluded.max, sum = excluded.sum, count = excluded.count,
          sensors = excluded.sensors, sum_of_means = excluded.sum_of_means,
          sum_of_mins = excluded.sum_of_mins, sum_of_maxes = excluded.sum_of_maxes
      )`
    : sql``;
  await sql`
    with state as (select ${sql.ref(level.below)} as since from readings_fold where id = 1),
    built as (
      insert into ${t} as r (sensor_id, ${col}, min, max, sum, count)
      select sensor_id, date_bin(${level.step}::interval, ${source}, ${EPOCH}), min(min), max(max),
        sum(sum), sum(count)::int
      from ${sql.table(from.table)}, state
      where ${source} >= state.since and ${source} < ${upTo}
      group by 1, 2
      order by 1, 2
      on conflict (sensor_id, ${col}) do update set
        min = excluded.min, max = excluded.max, sum = excluded.sum, count = excluded.count
      returning r.sensor_id, r.${col}, r.min, r.max, r.sum, r.count
    )${city}
    update readings_fold set ${sql.ref(level.below)} = ${upTo}
    where id = 1 and ${sql.ref(level.below)} < ${upTo}`.execute(trx);
}

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Builds every quarter-hour, hour and day that has ended by `now` and is not built yet, each from
 * the level below. Call within the fold's transaction (it holds the fold's row).
 */
export async function buildEndedPeriods(trx: Transaction<Database>, now: Date): Promise<void> {
  const floor = (ms: number) => new Date(Math.floor(now.getTime() / ms) * ms);
  await buildLevel(
    trx,
    QUARTERS,
    { table: 'sensor_readings_minute', column: 'minute' },
    floor(QUARTER_MS),
  );
  await buildLevel(
    trx,
    HOURS,
    { table: 'sensor_readings_quarter', column: 'quarter' },
    floor(HOUR_MS),
  );
  await buildLevel(trx, DAYS, { table: 'sensor_readings_hourly', column: 'hour' }, floor(DAY_MS));
}

/** Past this a concentration is a broken device, in any unit the standards use. */
const MAX_CONCENTRATION = 100_000;

/**
 * A common table expression (after a comma) that adds the pollutant concentrations of the rows of
 * `source` (columns sensor_id, "timestamp", metadata) to each sensor's hour in
 * `air_pollutants_hourly`: per pollutant the sum and the count of the readings that carried it as a
 * number within reason. Rows without any pollutant are passed by. Late readings add to their own
 * hour like the rest, so an hour always holds every reading it covers.
 */
export function addToPollutantHours(source: string): RawBuilder<unknown> {
  const value = (key: string) =>
    sql`case when jsonb_typeof(metadata -> ${key}) = 'number'
      and (metadata ->> ${key})::float8 between 0 and ${MAX_CONCENTRATION}::float8
      then (metadata ->> ${key})::float8 end`;
  const sums = POLLUTANTS.map(
    (p) =>
      sql`coalesce(sum(${value(p)}), 0) as ${sql.ref(`${p}_sum`)}, count(${value(p)})::int as ${sql.ref(`${p}_n`)}`,
  );
  const columns = POLLUTANTS.flatMap((p) => [sql.ref(`${p}_sum`), sql.ref(`${p}_n`)]);
  const updates = POLLUTANTS.flatMap((p) => [
    sql`${sql.ref(`${p}_sum`)} = a.${sql.ref(`${p}_sum`)} + excluded.${sql.ref(`${p}_sum`)}`,
    sql`${sql.ref(`${p}_n`)} = a.${sql.ref(`${p}_n`)} + excluded.${sql.ref(`${p}_n`)}`,
  ]);
  return sql`, pollutant_hours as (
      insert into air_pollutants_hourly as a (sensor_id, hour, ${sql.join(columns)})
      select sensor_id, date_bin('1 hour'::interval, "timestamp", ${EPOCH}), ${sql.join(sums)}
      from ${sql.table(source)}
      where metadata ?| ${sql.lit(`{${POLLUTANTS.join(',')}}`)}::text[]
      group by 1, 2
      order by 1, 2
      on conflict (sensor_id, hour) do update set ${sql.join(updates)}
    )`;
}
