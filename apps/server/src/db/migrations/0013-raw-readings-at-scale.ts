import { sql, type Kysely } from 'kysely';

/**
 * Raw readings are the platform's busiest table: every reading is a row, written once, read by
 * sensor and time, and deleted by age. Each index is work for every reading, so it keeps only the
 * ones those uses need.
 *
 * A batch of readings no longer updates its sensors' latest values and minute rollups while the
 * sender waits: each row records the transaction that wrote it (`xact`), and a fold later applies
 * every committed transaction's readings to the rollups and the latest values at once, so a sensor
 * reporting many times between two folds costs one row update, not one per reading. Rows written
 * together with their rollups (simulated history, imports) carry 0 and are never folded.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Nothing ever looks a reading up by a number of its own: the key and its sequence only cost.
  await sql`alter table sensor_data drop column id`.execute(db);
  // Rows arrive in time order, so a block range index finds the old ones to prune in a fraction of
  // a b-tree's size, and costs next to nothing per reading.
  await sql`drop index sensor_data_time_idx`.execute(db);
  await sql`create index sensor_data_time_brin on sensor_data using brin ("timestamp")`.execute(db);

  // Rows already stored are in the rollups: 0. New rows take their transaction's 64-bit id, which
  // grows with the order rows are written in, so a block range index finds the rows of a fold.
  await sql`alter table sensor_data add column xact bigint not null default 0`.execute(db);
  await sql`alter table sensor_data alter column xact set default (pg_current_xact_id()::text::bigint)`.execute(
    db,
  );
  await sql`create index sensor_data_xact_brin on sensor_data using brin (xact)`.execute(db);

  // One row: every transaction below `folded_below` that wrote readings has been folded.
  await sql`
    create table readings_fold (
      id integer primary key check (id = 1),
      folded_below bigint not null,
      folded_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into readings_fold (id, folded_below) values (1, pg_current_xact_id()::text::bigint)`.execute(
    db,
  );

  // Each sensor's latest reading in a narrow table of its own: a fold rewrites a few dozen bytes a
  // sensor instead of the sensor's whole row, and the sensors' indexes never see it. Every sensor
  // has its row from the moment it is registered, whatever adds it.
  await sql`
    create table sensor_latest (
      sensor_id text primary key references sensors (id) on delete cascade,
      value double precision,
      last_reading timestamptz,
      reading_metadata jsonb
    ) with (fillfactor = 50)`.execute(db);
  await sql`
    insert into sensor_latest (sensor_id, value, last_reading, reading_metadata)
    select id, value, last_reading, reading_metadata from sensors`.execute(db);
  await sql`
    create function sensors_add_latest() returns trigger language plpgsql as $$
    begin
      insert into sensor_latest (sensor_id) select id from added on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sensors_add_latest after insert on sensors
    referencing new table as added for each statement execute function sensors_add_latest()`.execute(
    db,
  );
  await sql`alter table sensors drop column value, drop column last_reading,
    drop column reading_metadata`.execute(db);
  // A fold turns the offline sensors that reported back to active: few, found without a scan.
  await sql`create index sensors_offline_idx on sensors (id) where status = 'offline'`.execute(db);

  // A week of one sensor is 10,080 minute rollups but 672 quarter-hours: the week's history reads
  // these. A quarter is written once it has ended (from its minutes), and a reading that arrives
  // later for an ended quarter is added to it as it is folded; `quarters_below` is where the two meet.
  await sql`
    create table sensor_readings_quarter (
      sensor_id text not null,
      quarter timestamptz not null,
      min double precision not null,
      max double precision not null,
      sum double precision not null,
      count integer not null
    )`.execute(db);
  await sql`create unique index sensor_readings_quarter_key on sensor_readings_quarter (sensor_id, quarter) include (min, max, sum, count)`.execute(
    db,
  );
  await sql`create index sensor_readings_quarter_time_idx on sensor_readings_quarter (quarter)`.execute(
    db,
  );
  await sql`alter table readings_fold add column quarters_below timestamptz not null
    default date_bin('15 minutes', now(), timestamptz 'epoch')`.execute(db);
  await sql`
    insert into sensor_readings_quarter (sensor_id, quarter, min, max, sum, count)
    select sensor_id, date_bin('15 minutes', minute, timestamptz 'epoch'), min(min), max(max),
      sum(sum), sum(count)
    from sensor_readings_minute
    where minute < (select quarters_below from readings_fold)
    group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sensor_readings_quarter`.execute(db);
  await sql`drop index sensors_offline_idx`.execute(db);
  await sql`alter table sensors add column value double precision,
    add column last_reading timestamptz, add column reading_metadata jsonb`.execute(db);
  await sql`
    update sensors s set value = l.value, last_reading = l.last_reading,
      reading_metadata = l.reading_metadata
    from sensor_latest l where l.sensor_id = s.id`.execute(db);
  await sql`drop trigger sensors_add_latest on sensors`.execute(db);
  await sql`drop function sensors_add_latest()`.execute(db);
  await sql`drop table sensor_latest`.execute(db);
  await sql`drop table readings_fold`.execute(db);
  await sql`drop index sensor_data_xact_brin`.execute(db);
  await sql`alter table sensor_data drop column xact`.execute(db);
  await sql`drop index sensor_data_time_brin`.execute(db);
  await sql`create index sensor_data_time_idx on sensor_data ("timestamp")`.execute(db);
  await sql`alter table sensor_data add column id bigint generated always as identity primary key`.execute(
    db,
  );
}
