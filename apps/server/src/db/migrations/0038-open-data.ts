/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

const POLLUTANTS = ['pm25', 'pm10', 'no2', 'so2', 'co', 'o3', 'nh3', 'pb'];

/**
 * Open data. A device key may now be an open-data key, with its own rate limit. Air sensors'
 * pollutant concentrations are kept as hourly sums and counts per sensor, so a city's or an area's
 * air-quality index (24-hour and 8-hour averages, the NowCast's 12 hours) reads a day of hours,
 * not a day of readings. The open data's rate-limit counts are summed across processes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table device_keys drop constraint device_keys_kind_check`.execute(db);
  await sql`alter table device_keys add constraint device_keys_kind_check
    check (kind in ('sensors', 'reporter', 'open-data'))`.execute(db);
  await sql`comment on column device_keys.kind is ${sql.lit(
    "What the key may do: 'sensors' send readings, 'reporter' apps make reports through Open311, " +
      "'open-data' clients read the open data API within the key's own rate limit.",
  )}`.execute(db);
  await sql`alter table device_keys add column rate_limit integer
    check (rate_limit is null or rate_limit > 0)`.execute(db);
  await sql`alter table device_keys add constraint device_keys_rate_limit_kind
    check ((kind = 'open-data') = (rate_limit is not null))`.execute(db);
  await sql`comment on column device_keys.rate_limit is ${sql.lit(
    'Requests a minute an open-data key may make; null for the other kinds.',
  )}`.execute(db);

  const columns = POLLUTANTS.flatMap((p) => [
    sql.raw(`${p}_sum double precision not null default 0`),
    sql.raw(`${p}_n integer not null default 0`),
  ]);
  await sql`create table air_pollutants_hourly (
    sensor_id text not null,
    hour timestamptz not null,
    ${sql.join(columns)},
    primary key (sensor_id, hour)
  )`.execute(db);
  await sql`create index air_pollutants_hourly_hour_idx on air_pollutants_hourly (hour)`.execute(
    db,
  );
  await sql`comment on table air_pollutants_hourly is ${sql.lit(
    "An air sensor's pollutant concentrations within one hour: for each pollutant the sum and the " +
      "number of readings that carried it, in the units of its city's standard. Kept a few days.",
  )}`.execute(db);

  await sql`create table open_data_rate_counts (
    client text not null,
    window_start timestamptz not null,
    count integer not null check (count >= 0),
    primary key (client, window_start)
  )`.execute(db);
  await sql`comment on table open_data_rate_counts is ${sql.lit(
    "The open data API's requests per client and rate-limit window, summed over every server " +
      'process: each adds what it counted every second and reads the total back. Kept a few minutes.',
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('open_data_rate_counts').execute();
  await db.schema.dropTable('air_pollutants_hourly').execute();
  await sql`alter table device_keys drop constraint device_keys_rate_limit_kind`.execute(db);
  await db.schema.alterTable('device_keys').dropColumn('rate_limit').execute();
  await sql`alter table device_keys drop constraint device_keys_kind_check`.execute(db);
  await sql`alter table device_keys add constraint device_keys_kind_check
    check (kind in ('sensors', 'reporter'))`.execute(db);
}
