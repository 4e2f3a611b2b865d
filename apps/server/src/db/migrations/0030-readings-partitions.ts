/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * Months of readings (decision 0044). The raw readings and the minute and quarter-hour rollups are
 * split into one partition per day, so retention drops a day's table instead of deleting its rows
 * and each day's indexes stay the size of a day. Readings of a time no partition covers yet land in
 * each table's default partition and move into their day's partition when it is created.
 *
 * Hourly (partitioned by month) and daily rollups per sensor, and per city and sensor type, serve
 * the month and year windows. Like the quarter-hours, an hour is built from its quarters once it has
 * ended (`hours_below`) and a day from its hours (`days_below`); a reading folded later for an ended
 * period is added to it as it is folded.
 *
 * The rows already stored stay where they are, under `<table>_unpartitioned`, until the server moves
 * them into their partitions in short batches as it starts (`moveReadingsIntoPartitions`).
 */

/** The tables split by day, with their time column. */
const DAY_TABLES = [
  { table: 'sensor_data', column: 'timestamp' },
  { table: 'sensor_readings_minute', column: 'minute' },
  { table: 'sensor_readings_quarter', column: 'quarter' },
] as const;

const EPOCH = sql`timestamptz 'epoch'`;

export async function up(db: Kysely<any>): Promise<void> {
  // Creates the partition `part` of `parent` for [lower, upper), moving in the rows the default
  // partition holds for it. Answers false when it exists already. The caller serialises calls.
  await sql`
    create function ensure_time_partition(parent text, part text, lower timestamptz,
      upper timestamptz, time_column text) returns boolean language plpgsql as $$
    declare
      moved bigint;
    begin
      if to_regclass(part) is not null then
        return false;
      end if;
      execute format('create table %I (like %I including defaults)', part, parent);
      execute format('insert into %I select * from %I where %I >= %L and %I < %L',
        part, parent || '_default', time_column, lower, time_column, upper);
      get diagnostics moved = row_count;
      if moved > 0 then
        execute format('delete from %I where %I >= %L and %I < %L',
          parent || '_default', time_column, lower, time_column, upper);
      end if;
      execute format('alter table %I attach partition %I for values from (%L) to (%L)',
        parent, part, lower, upper);
      return true;
    end $$`.execute(db);

  await sql`alter table readings_fold
    add column hours_below timestamptz,
    add column days_below timestamptz`.execute(db);
  await sql`update readings_fold set
    hours_below = date_bin('1 hour', quarters_below, ${EPOCH}),
    days_below = date_bin('1 day', quarters_below, ${EPOCH})`.execute(db);
  await sql`alter table readings_fold
    alter column hours_below set not null,
    alter column hours_below set default date_bin('1 hour', now(), timestamptz 'epoch'),
    alter column days_below set not null,
    alter column days_below set default date_bin('1 day', now(), timestamptz 'epoch')`.execute(db);

  // Hourly rollups per sensor, one partition per month.
  await sql`
    create table sensor_readings_hourly (
      sensor_id text not null,
      hour timestamptz not null,
      min double precision not null,
      max double precision not null,
      sum double precision not null,
      count integer not null
    ) partition by range (hour)`.execute(db);
  await sql`create unique index sensor_readings_hourly_key on sensor_readings_hourly (sensor_id, hour) include (min, max, sum, count)`.execute(
    db,
  );
  await sql`create index sensor_readings_hourly_time_idx on sensor_readings_hourly (hour)`.execute(
    db,
  );
  await sql`create table sensor_readings_hourly_default partition of sensor_readings_hourly default`.execute(
    db,
  );
  // The months the existing quarter-hours cover, and this one and the next.
  const months = await sql<{ month: Date }>`
    select generate_series(
      date_trunc('month', least(coalesce(min(quarter), now()), now()) at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '1 month',
      interval '1 month') at time zone 'UTC' as month
    from sensor_readings_quarter`.execute(db);
  for (const { month } of months.rows) {
    const lower = new Date(month);
    const upper = new Date(Date.UTC(lower.getUTCFullYear(), lower.getUTCMonth() + 1, 1));
    const name = `sensor_readings_hourly_p${lower.toISOString().slice(0, 7).replace('-', '')}`;
    await sql`select ensure_time_partition('sensor_readings_hourly', ${name}, ${lower}, ${upper}, 'hour')`.execute(
      db,
    );
  }
  await sql`
    insert into sensor_readings_hourly (sensor_id, hour, min, max, sum, count)
    select sensor_id, date_bin('1 hour', quarter, ${EPOCH}), min(min), max(max), sum(sum),
      sum(count)::int
    from sensor_readings_quarter
    where quarter < (select hours_below from readings_fold where id = 1)
    group by 1, 2`.execute(db);

  // Daily rollups per sensor: a year of a sensor is 365 rows, kept for as long as wanted.
  await sql`
    create table sensor_readings_daily (
      sensor_id text not null,
      day timestamptz not null,
      min double precision not null,
      max double precision not null,
      sum double precision not null,
      count integer not null
    )`.execute(db);
  await sql`create unique index sensor_readings_daily_key on sensor_readings_daily (sensor_id, day) include (min, max, sum, count)`.execute(
    db,
  );
  await sql`create index sensor_readings_daily_time_idx on sensor_readings_daily (day)`.execute(db);
  await sql`
    insert into sensor_readings_daily (sensor_id, day, min, max, sum, count)
    select sensor_id, date_bin('1 day', hour, ${EPOCH}), min(min), max(max), sum(sum),
      sum(count)::int
    from sensor_readings_hourly
    where hour < (select days_below from readings_fold where id = 1)
    group by 1, 2`.execute(db);

  // Per city and sensor type: a city's month or year is one row per hour or day. Each sensor's mean,
  // lowest and highest reading of the period are summed too, for the figures that are totals.
  for (const level of ['hourly', 'daily'] as const) {
    const column = level === 'hourly' ? 'hour' : 'day';
    await sql`
      create table ${sql.table(`city_readings_${level}`)} (
        city_key text not null,
        type text not null,
        ${sql.ref(column)} timestamptz not null,
        min double precision not null,
        max double precision not null,
        sum double precision not null,
        count bigint not null,
        sensors integer not null,
        sum_of_means double precision not null,
        sum_of_mins double precision not null,
        sum_of_maxes double precision not null,
        primary key (city_key, type, ${sql.ref(column)})
      )`.execute(db);
    await sql`
      insert into ${sql.table(`city_readings_${level}`)} (city_key, type, ${sql.ref(column)}, min,
        max, sum, count, sensors, sum_of_means, sum_of_mins, sum_of_maxes)
      select s.city_key, s.type, r.${sql.ref(column)}, min(r.min), max(r.max), sum(r.sum),
        sum(r.count), count(*), sum(r.sum / r.count), sum(r.min), sum(r.max)
      from ${sql.table(`sensor_readings_${level}`)} r
      join sensors s on s.id = r.sensor_id
      where r.count > 0
      group by 1, 2, 3`.execute(db);
  }

  // The tables split by day: the stored rows wait under another name to be moved in batches.
  for (const { table } of DAY_TABLES) {
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_unpartitioned`)}`.execute(
      db,
    );
  }
  // Their unique keys and the fold's index go (the rows are unique; none of them is unfolded
  // beyond what the move keeps); each keeps the time index the move walks by, renamed.
  await sql`drop index sensor_data_reading_key`.execute(db);
  await sql`drop index sensor_data_xact_brin`.execute(db);
  await sql`alter index sensor_data_time_brin rename to sensor_data_unpartitioned_time_idx`.execute(
    db,
  );
  await sql`drop index sensor_readings_minute_key`.execute(db);
  await sql`alter index sensor_readings_minute_time_idx rename to sensor_readings_minute_unpartitioned_time_idx`.execute(
    db,
  );
  await sql`drop index sensor_readings_quarter_key`.execute(db);
  await sql`alter index sensor_readings_quarter_time_idx rename to sensor_readings_quarter_unpartitioned_time_idx`.execute(
    db,
  );

  await sql`
    create table sensor_data (
      sensor_id text not null,
      value double precision not null,
      unit text not null,
      "timestamp" timestamptz not null,
      metadata jsonb,
      xact bigint not null default (pg_current_xact_id()::text::bigint)
    ) partition by range ("timestamp")`.execute(db);
  await sql`create unique index sensor_data_reading_key on sensor_data (sensor_id, "timestamp" desc)`.execute(
    db,
  );
  await sql`create index sensor_data_xact_brin on sensor_data using brin (xact)`.execute(db);

  for (const level of ['minute', 'quarter'] as const) {
    await sql`
      create table ${sql.table(`sensor_readings_${level}`)} (
        sensor_id text not null,
        ${sql.ref(level)} timestamptz not null,
        min double precision not null,
        max double precision not null,
        sum double precision not null,
        count integer not null
      ) partition by range (${sql.ref(level)})`.execute(db);
    await sql`create unique index ${sql.ref(`sensor_readings_${level}_key`)}
      on ${sql.table(`sensor_readings_${level}`)} (sensor_id, ${sql.ref(level)})
      include (min, max, sum, count)`.execute(db);
    await sql`create index ${sql.ref(`sensor_readings_${level}_time_idx`)}
      on ${sql.table(`sensor_readings_${level}`)} (${sql.ref(level)})`.execute(db);
  }

  for (const { table, column } of DAY_TABLES) {
    await sql`create table ${sql.table(`${table}_default`)} partition of ${sql.table(table)} default`.execute(
      db,
    );
    // Today and the next days; the server creates the rest as it runs.
    const days = await sql<{ day: Date }>`
      select generate_series(date_bin('1 day', now(), ${EPOCH}),
        date_bin('1 day', now(), ${EPOCH}) + interval '3 days', interval '1 day') as day`.execute(
      db,
    );
    for (const { day } of days.rows) {
      const lower = new Date(day);
      const upper = new Date(lower.getTime() + 86_400_000);
      const name = `${table}_p${lower.toISOString().slice(0, 10).replaceAll('-', '')}`;
      await sql`select ensure_time_partition(${table}, ${name}, ${lower}, ${upper}, ${column})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, column } of DAY_TABLES) {
    await sql`create table ${sql.table(`${table}_flat`)} (like ${sql.table(table)} including defaults)`.execute(
      db,
    );
    await sql`insert into ${sql.table(`${table}_flat`)} select * from ${sql.table(table)}`.execute(
      db,
    );
    const old = await sql<{ present: boolean }>`
      select to_regclass(${`${table}_unpartitioned`}) is not null as present`.execute(db);
    if (old.rows[0]?.present) {
      await sql`insert into ${sql.table(`${table}_flat`)} select * from ${sql.table(`${table}_unpartitioned`)}`.execute(
        db,
      );
      await sql`drop table ${sql.table(`${table}_unpartitioned`)}`.execute(db);
    }
    await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(`${table}_flat`)} rename to ${sql.table(table)}`.execute(db);
    void column;
  }
  await sql`create unique index sensor_data_reading_key on sensor_data (sensor_id, "timestamp" desc)`.execute(
    db,
  );
  await sql`create index sensor_data_xact_brin on sensor_data using brin (xact)`.execute(db);
  await sql`create index sensor_data_time_brin on sensor_data using brin ("timestamp")`.execute(db);
  for (const level of ['minute', 'quarter'] as const) {
    await sql`create unique index ${sql.ref(`sensor_readings_${level}_key`)}
      on ${sql.table(`sensor_readings_${level}`)} (sensor_id, ${sql.ref(level)})
      include (min, max, sum, count)`.execute(db);
    await sql`create index ${sql.ref(`sensor_readings_${level}_time_idx`)}
      on ${sql.table(`sensor_readings_${level}`)} (${sql.ref(level)})`.execute(db);
  }
  await sql`drop table city_readings_daily`.execute(db);
  await sql`drop table city_readings_hourly`.execute(db);
  await sql`drop table sensor_readings_daily`.execute(db);
  await sql`drop table sensor_readings_hourly`.execute(db);
  await sql`alter table readings_fold drop column hours_below, drop column days_below`.execute(db);
  await sql`drop function ensure_time_partition(text, text, timestamptz, timestamptz, text)`.execute(
    db,
  );
}
