/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's and the lists' counts, kept as the sensors and alerts change instead of counted
 * per request (see decision 0042). Each change of a statement on `sensors` or `alerts` appends its
 * net change per key to `sensor_counts` or `alert_counts` (appending takes no lock another writer
 * waits for, so concurrent ingest batches never queue on a counter row); a reader sums a city's rows
 * and a job folds them back into one row per key. The newest reading of each city is kept by the
 * readings fold in `city_latest`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sensor_counts (
    city_key text not null,
    type text not null,
    status text not null,
    n bigint not null
  )`.execute(db);
  await sql`create index sensor_counts_city_idx on sensor_counts (city_key)`.execute(db);

  // What an alert is counted by: its sensor's type is copied onto it when it is stored (the
  // statements that store alerts look it up), so the key an alert was counted under never depends
  // on a sensor still being there.
  await sql`alter table alerts add column sensor_type text`.execute(db);
  await sql`update alerts a set sensor_type = s.type from sensors s where s.id = a.sensor_id`.execute(
    db,
  );
  // Shelved means "shelved_until is set" here; readers correct for shelves that have ended but
  // that the shelve job has not cleared yet (a few rows, read through alerts_shelved_idx).
  await sql`create table alert_counts (
    city_key text not null,
    sensor_type text,
    rule text not null,
    severity text not null,
    status text not null,
    shelved boolean not null,
    suppressed boolean not null,
    n bigint not null
  )`.execute(db);
  await sql`create index alert_counts_city_idx on alert_counts (city_key)`.execute(db);

  await sql`create function sensor_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into sensor_counts (city_key, type, status, n)
      select city_key, type, status, count(*) from new_rows group by 1, 2, 3;
      return null;
    end $$`.execute(db);
  await sql`create function sensor_counts_delete() returns trigger language plpgsql as $$
    begin
      insert into sensor_counts (city_key, type, status, n)
      select city_key, type, status, -count(*) from old_rows group by 1, 2, 3;
      return null;
    end $$`.execute(db);
  // An update adds the difference of its rows' keys before and after, counted per key: most
  // updates (names, metadata) change no key and add nothing. Counting both sides per key costs
  // less than pairing the rows up.
  await sql`create function sensor_counts_update() returns trigger language plpgsql as $$
    begin
      insert into sensor_counts (city_key, type, status, n)
      select city_key, type, status, sum(d) from (
        select city_key, type, status, -count(*) as d from old_rows group by 1, 2, 3
        union all
        select city_key, type, status, count(*) from new_rows group by 1, 2, 3
      ) changed
      group by 1, 2, 3 having sum(d) <> 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger sensor_counts_insert after insert on sensors
    referencing new table as new_rows for each statement execute function sensor_counts_insert()`.execute(
    db,
  );
  await sql`create trigger sensor_counts_delete after delete on sensors
    referencing old table as old_rows for each statement execute function sensor_counts_delete()`.execute(
    db,
  );
  await sql`create trigger sensor_counts_update after update on sensors
    referencing old table as old_rows new table as new_rows
    for each statement execute function sensor_counts_update()`.execute(db);

  const alertKey = (t: string) =>
    `${t}.city_key, ${t}.sensor_type, ${t}.rule, ${t}.severity, ${t}.status, ${t}.shelved_until is not null, ${t}.suppressed`;
  await sql`create function alert_counts_insert() returns trigger language plpgsql as $$
    begin
      insert into alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
      select ${sql.raw(alertKey('r'))}, count(*) from new_rows r group by 1, 2, 3, 4, 5, 6, 7;
      return null;
    end $$`.execute(db);
  await sql`create function alert_counts_delete() returns trigger language plpgsql as $$
    begin
      insert into alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
      select ${sql.raw(alertKey('r'))}, -count(*) from old_rows r group by 1, 2, 3, 4, 5, 6, 7;
      return null;
    end $$`.execute(db);
  // As for sensors: most updates of alerts follow a sensor's value, change no key and add nothing.
  await sql`create function alert_counts_update() returns trigger language plpgsql as $$
    begin
      insert into alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
      select c1, c2, c3, c4, c5, c6, c7, sum(d) from (
        select ${sql.raw(alertKey('o'))}, -count(*) from old_rows o group by 1, 2, 3, 4, 5, 6, 7
        union all
        select ${sql.raw(alertKey('n'))}, count(*) from new_rows n group by 1, 2, 3, 4, 5, 6, 7
      ) as changed (c1, c2, c3, c4, c5, c6, c7, d)
      group by 1, 2, 3, 4, 5, 6, 7 having sum(d) <> 0;
      return null;
    end $$`.execute(db);
  await sql`create trigger alert_counts_insert after insert on alerts
    referencing new table as new_rows for each statement execute function alert_counts_insert()`.execute(
    db,
  );
  await sql`create trigger alert_counts_delete after delete on alerts
    referencing old table as old_rows for each statement execute function alert_counts_delete()`.execute(
    db,
  );
  await sql`create trigger alert_counts_update after update on alerts
    referencing old table as old_rows new table as new_rows
    for each statement execute function alert_counts_update()`.execute(db);

  // Emptying a table empties its counts.
  for (const [table, counts] of [
    ['sensors', 'sensor_counts'],
    ['alerts', 'alert_counts'],
  ] as const) {
    await sql`create function ${sql.raw(`${counts}_truncate`)}() returns trigger language plpgsql as $$
      begin
        delete from ${sql.raw(counts)};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${counts}_truncate`)} after truncate on ${sql.raw(table)}
      for each statement execute function ${sql.raw(`${counts}_truncate`)}()`.execute(db);
  }

  // What is stored already, counted once.
  await sql`insert into sensor_counts (city_key, type, status, n)
    select city_key, type, status, count(*) from sensors group by 1, 2, 3`.execute(db);
  await sql`insert into alert_counts (city_key, sensor_type, rule, severity, status, shelved, suppressed, n)
    select ${sql.raw(alertKey('a'))}, count(*) from alerts a group by 1, 2, 3, 4, 5, 6, 7`.execute(
    db,
  );

  // The active alerts worst first, then newest (the dashboard's and the wall's list): read in
  // order and stopped at the page's end, however many alerts a flood has opened.
  await sql`create index alerts_active_worst_idx on alerts (city_key,
    (case severity when 'critical' then 3 when 'high' then 2 when 'warning' then 1 else 0 end) desc,
    created_at desc, id) where status in ('open', 'acknowledged')`.execute(db);

  await sql`create table city_latest (
    city_key text primary key,
    last_reading timestamptz not null
  )`.execute(db);
  await sql`insert into city_latest (city_key, last_reading)
    select s.city_key, max(l.last_reading) from sensors s join sensor_latest l on l.sensor_id = s.id
    where l.last_reading is not null group by 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table city_latest`.execute(db);
  await sql`drop index alerts_active_worst_idx`.execute(db);
  for (const table of ['alerts', 'sensors']) {
    const counts = table === 'alerts' ? 'alert_counts' : 'sensor_counts';
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger ${sql.raw(`${counts}_${event}`)} on ${sql.raw(table)}`.execute(db);
      await sql`drop function ${sql.raw(`${counts}_${event}`)}()`.execute(db);
    }
  }
  await sql`drop table alert_counts`.execute(db);
  await sql`drop table sensor_counts`.execute(db);
  await sql`alter table alerts drop column sensor_type`.execute(db);
}
