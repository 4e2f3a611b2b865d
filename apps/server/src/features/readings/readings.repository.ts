import { sql, type Kysely, type Transaction } from 'kysely';
import { addToBuiltPeriods, addToPollutantHours } from '../../db/rollups.repository';
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

/** The key that makes a reading its sensor and its time (migration 0019). */
const READING_KEY = 'sensor_data_reading_key';

/**
 * Stores a batch of raw readings in one statement. Their rollups and their sensors' latest values
 * follow with the next fold (`claimFoldRange`), which finds them by the transaction that wrote them.
 *
 * A reading stored before (the same sensor at the same instant: a redelivered MQTT message, a
 * retried HTTP batch) fails the statement with a unique violation on READING_KEY unless `copies` is
 * set; with it, such readings are skipped, as is a second copy within the batch, and the answer is
 * the indexes of the readings stored now (null when all were). Copies are rare: the plain insert,
 * which costs nothing for the key beyond its index entry, goes first, and a batch that meets one is
 * stored again with `copies`.
 */
export async function insertReadings(
  db: Db,
  r: ReadingColumns,
  options: { copies: boolean } = { copies: false },
): Promise<number[] | null> {
  const rows = sql`select * from unnest(${r.sensorIds}::text[], ${r.values}::float8[],
    ${r.units}::text[], ${r.timestamps}::timestamptz[], ${r.metadata}::jsonb[])`;
  if (!options.copies) {
    await sql`insert into sensor_data (sensor_id, value, unit, "timestamp", metadata) ${rows}`.execute(
      db,
    );
    return null;
  }
  const inserted = await sql`
    insert into sensor_data (sensor_id, value, unit, "timestamp", metadata) ${rows}
    on conflict (sensor_id, "timestamp") do nothing`.execute(db);
  if (Number(inserted.numAffectedRows ?? -1) === r.sensorIds.length) return null;
  // The rows this transaction wrote are the new ones.
  const { rows: fresh } = await sql<{ i: number }>`
    select min(u.i)::int as i
    from unnest(${r.sensorIds}::text[], ${r.timestamps}::timestamptz[]) with ordinality
      as u(sensor_id, at, i)
    join sensor_data d on d.sensor_id = u.sensor_id and d."timestamp" = u.at
    where d.xact = pg_current_xact_id()::text::bigint
    group by u.sensor_id, u.at
    order by 1`.execute(db);
  return fresh.map((row) => row.i - 1);
}

/** The raw readings' day partitions and default partition (migration 0030). */
const RAW_PARTITION = /^sensor_data_(p\d{8}|default)$/;

/**
 * Whether an error is a reading already stored, refused by READING_KEY: the only unique index of the
 * raw readings, reported under the name of its copy in the partition the reading went to.
 */
export function isStoredReading(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; table?: unknown } | null;
  if (e?.code !== '23505') return false;
  return (
    e.constraint === READING_KEY ||
    (typeof e.table === 'string' && (e.table === 'sensor_data' || RAW_PARTITION.test(e.table)))
  );
}

/** Raw readings written by transactions `from` ≤ xact < `to` (64-bit ids, as text). */
export type FoldRange = { from: string; to: string };

const FOLD_LOCK = sql`hashtext('smart-city:readings-fold')`;

/**
 * Marks the caller's transaction as one that writes raw readings, until it ends: a fold's cut-off
 * (`foldCutoff`) waits for it. Shared, so batches never wait for each other here.
 */
export async function lockForIngest(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${FOLD_LOCK})`.execute(trx);
}

/**
 * The id below which every transaction that writes raw readings has ended: taken once the batches
 * in flight have finished (new ones wait that long, and no longer: the lock is held for this one
 * statement's transaction). Transactions of other databases on the same server never hold it up.
 */
export async function foldCutoff(db: Kysely<Database>): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FOLD_LOCK})`.execute(trx);
    const result = await sql<{
      cutoff: string;
    }>`select pg_current_xact_id()::text as cutoff`.execute(trx);
    return result.rows[0]!.cutoff;
  });
}

/**
 * Takes the fold for this transaction (a second process waits here, then folds what is left) and
 * answers the range of transactions to fold: every one since the last fold below `cutoff`. Null
 * when nothing new can be folded.
 */
export async function claimFoldRange(
  trx: Transaction<Database>,
  cutoff: string,
): Promise<FoldRange | null> {
  const result = await sql<{ from: string }>`
    select folded_below::text as "from" from readings_fold where id = 1 for update`.execute(trx);
  // A fold sorts every reading since the last one by sensor: in memory, not in files on disk.
  await sql`set local work_mem = '64MB'`.execute(trx);
  const from = result.rows[0]?.from;
  if (from === undefined || BigInt(cutoff) <= BigInt(from)) return null;
  return { from, to: cutoff };
}

/** Records that every transaction below `to` has been folded. */
export async function markFolded(trx: Transaction<Database>, to: string, at: Date): Promise<void> {
  await sql`update readings_fold set folded_below = ${to}::bigint, folded_at = ${at}
    where id = 1`.execute(trx);
}

/**
 * Adds the raw readings of `range` to the per-minute rollups, written in key order so concurrent
 * writers take row locks in the same order, and those of periods already built (quarter-hours,
 * hours, days; the sensor's and its city's) to those periods too. Answers how many readings were
 * added.
 */
export async function rollUpReadings(trx: Transaction<Database>, range: FoldRange) {
  const result = await sql<{ readings: number }>`
    with minutes as materialized (
      select sensor_id, date_trunc('minute', "timestamp") as minute, min(value) as min,
        max(value) as max, sum(value) as sum, count(*)::int as count
      from sensor_data
      where xact >= ${range.from}::bigint and xact < ${range.to}::bigint
      group by 1, 2
    ), folded as (
      select sensor_id, "timestamp", metadata from sensor_data
      where xact >= ${range.from}::bigint and xact < ${range.to}::bigint
    ), added as (
      insert into sensor_readings_minute as m (sensor_id, minute, min, max, sum, count)
      select sensor_id, minute, min, max, sum, count from minutes
      order by 1, 2
      on conflict (sensor_id, minute) do update set
        min = least(m.min, excluded.min),
        max = greatest(m.max, excluded.max),
        sum = m.sum + excluded.sum,
        count = m.count + excluded.count
    )${addToBuiltPeriods('minutes')}${addToPollutantHours('folded')}
    select coalesce(sum(count), 0)::int as readings from minutes`.execute(trx);
  return Number(result.rows[0]?.readings ?? 0);
}

/**
 * Raw readings newest first, at most `limit`: read from the reading key's index alone (it carries
 * the value), so a week of a sensor's readings is a few index pages, not a table page each.
 */
export function rawReadingsQuery(db: Db, sensorId: string, from: Date, limit: number) {
  return db
    .selectFrom('sensor_data')
    .select(['timestamp', 'value'])
    .where('sensor_id', '=', sensorId)
    .where('timestamp', '>=', from)
    .orderBy('timestamp', 'desc')
    .limit(limit);
}

export function rawReadings(db: Db, sensorId: string, from: Date, limit: number) {
  return rawReadingsQuery(db, sensorId, from, limit).execute();
}

const QUARTER_MS = 15 * 60_000;

/**
 * Time buckets of `bucketS` seconds since `from`, newest first, and how many readings the window
 * holds (counting the minute `from` falls in, as a raw read would find them). Built from the minute
 * rollups; buckets of whole quarter-hours take the quarters already built and minutes only for the
 * rest (the partial first quarter and the ones not built yet), so a week reads about 700 rows
 * instead of 10,000.
 */
export async function bucketedReadings(db: Db, sensorId: string, from: Date, bucketS: number) {
  const fromMinute = new Date(Math.floor(from.getTime() / 60_000) * 60_000);
  const byQuarter = (bucketS * 1000) % QUARTER_MS === 0;
  // The first quarter wholly inside the window; before it, minutes.
  const firstQuarter = new Date(Math.ceil(from.getTime() / QUARTER_MS) * QUARTER_MS);
  const parts = byQuarter
    ? sql`
      select quarter as t, min, max, sum, count, count as readings
      from sensor_readings_quarter, fold
      where sensor_id = ${sensorId} and quarter >= ${firstQuarter} and quarter < fold.since
      union all
      select minute, m.min, m.max, m.sum, m.count, m.count
      from sensor_readings_minute m, fold
      where sensor_id = ${sensorId} and minute >= ${fromMinute}
        and (minute < ${firstQuarter} or minute >= fold.since)`
    : sql`
      select minute as t, min, max, sum, count, count as readings
      from sensor_readings_minute
      where sensor_id = ${sensorId} and minute >= ${fromMinute}`;
  const result = await sql<{
    bucket: Date | string;
    min: number | null;
    max: number | null;
    sum: number | null;
    count: number | null;
    readings: number;
  }>`
    with fold as (select quarters_below as since from readings_fold where id = 1),
    parts as (${parts})
    select date_bin(make_interval(secs => ${bucketS}), t, timestamptz 'epoch') as bucket,
      min(min) filter (where t >= ${from}) as min,
      max(max) filter (where t >= ${from}) as max,
      sum(sum) filter (where t >= ${from}) as sum,
      (sum(count) filter (where t >= ${from}))::int as count,
      sum(readings)::int as readings
    from parts
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

/** Where the rollup levels meet: periods before each mark are built at that level. */
export async function rollupMarks(db: Db) {
  const row = await db
    .selectFrom('readings_fold')
    .select(['quarters_below', 'hours_below', 'days_below'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    quarters: new Date(row.quarters_below),
    hours: new Date(row.hours_below),
    days: new Date(row.days_below),
  };
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** The query of `longWindowBuckets`, with the levels' marks read before. */
export function longWindowQuery(
  sensorId: string,
  from: Date,
  level: 'hour' | 'day',
  marks: Awaited<ReturnType<typeof rollupMarks>>,
) {
  const stepMs = level === 'hour' ? 3_600_000 : 86_400_000;
  const start = new Date(Math.floor(from.getTime() / stepMs) * stepMs);
  const hoursFrom = later(start, marks.days);
  const quartersFrom = later(start, marks.hours);
  const minutesFrom = later(start, marks.quarters);
  const daily =
    level === 'day'
      ? sql`
      select day as t, min, max, sum, count from sensor_readings_daily
      where sensor_id = ${sensorId} and day >= ${start} and day < ${marks.days}
      union all`
      : sql``;
  const hourlyFrom = level === 'day' ? hoursFrom : start;
  return sql<{
    bucket: Date | string;
    min: number;
    max: number;
    sum: number;
    count: number;
  }>`
    with parts as (
      ${daily}
      select hour as t, min, max, sum, count from sensor_readings_hourly
      where sensor_id = ${sensorId} and hour >= ${hourlyFrom} and hour < ${marks.hours}
      union all
      select quarter, min, max, sum, count from sensor_readings_quarter
      where sensor_id = ${sensorId} and quarter >= ${quartersFrom} and quarter < ${marks.quarters}
      union all
      select minute, min, max, sum, count from sensor_readings_minute
      where sensor_id = ${sensorId} and minute >= ${minutesFrom}
    )
    select date_bin(${level === 'hour' ? '1 hour' : '1 day'}::interval, t, timestamptz 'epoch')
        as bucket,
      min(min) as min, max(max) as max, sum(sum) as sum, sum(count)::int as count
    from parts
    group by 1
    having sum(count) > 0
    order by 1 desc`;
}

/**
 * One sensor's hourly (`hour`) or daily (`day`) buckets since the period `from` falls in, newest
 * first, from the rollups only: the built hours or days, and the running period from the levels
 * below it (hours, quarter-hours, minutes), each read with fixed time bounds so only the
 * partitions concerned are read. Answers the buckets and how many readings they hold.
 */
export async function longWindowBuckets(
  db: Db,
  sensorId: string,
  from: Date,
  level: 'hour' | 'day',
) {
  const marks = await rollupMarks(db);
  const result = await longWindowQuery(sensorId, from, level, marks).execute(db);
  const buckets = result.rows.map((r) => ({
    bucket: new Date(r.bucket),
    min: Number(r.min),
    max: Number(r.max),
    avg: Number(r.sum) / Number(r.count),
    count: Number(r.count),
  }));
  const readings = result.rows.reduce((n, r) => n + Number(r.count), 0);
  return { readings, buckets };
}

/**
 * The first day any city has readings for, from the cities' daily rollups (a few rows a day,
 * however many sensors): where the readings' coverage starts. Null before the first day is built.
 */
export async function earliestReadingDay(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('city_readings_daily')
    .select((eb) => eb.fn.min('day').as('first'))
    .executeTakeFirst();
  return row?.first ? new Date(row.first) : null;
}
