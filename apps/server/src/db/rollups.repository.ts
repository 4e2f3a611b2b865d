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
 * difference each sensor's row made (its mean, lowest and highest reading of the period), read
 * before and after in the same statement.
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
        select r.sensor_id, r.${col}, r.min, r.max, r.sum, r.count
        from ${t} r join ${name('late')} l using (sensor_id, ${col})
      ), ${name('after')} as (
        insert into ${t} as r (sensor_id, ${col}, min, max, sum, count)
        select sensor_id, ${col}, min, max, sum, count from ${name('late')}
        order by 1, 2
        on conflict (sensor_id, ${col}) do update set
          min = least(r.min, excluded.min),
          max = greatest(r.max, excluded.max),
          sum = r.sum + excluded.sum,
          count = r.count + excluded.count
        returning r.sensor_id, r.${col}, r.min, r.max, r.sum, r.count
      )`;
    if (!level.city) return late;
    const c = sql.table(level.city);
    return sql`${late}, ${name('city')} as (
        insert into ${c} as c (city_key, type, ${col}, min, max, sum, count, sensors,
          sum_of_means, sum_of_mins, sum_of_maxes)
        select s.city_key, s.type, a.${col}, min(a.min), max(a.max),
          sum(a.sum - coalesce(b.sum, 0)), sum(a.count - coalesce(b.count, 0)),
          count(*) filter (where b.sensor_id is null),
          sum(a.sum / a.count - coalesce(b.sum / nullif(b.count, 0), 0)),
          sum(a.min - coalesce(b.min, 0)), sum(a.max - coalesce(b.max, 0))
        from ${name('after')} a
        left join ${name('before')} b using (sensor_id, ${col})
        join sensors s on s.id = a.sensor_id
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
  await buildLevel(trx, HOURS, { table: 'sensor_readings_quarter', column: 'quarter' }, floor(HOUR_MS));
  await buildLevel(trx, DAYS, { table: 'sensor_readings_hourly', column: 'hour' }, floor(DAY_MS));
}
