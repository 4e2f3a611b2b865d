import { sql, type Kysely } from 'kysely';

/**
 * What a city of 100,000 sensors needs: indexes for the paged, filtered and sorted sensor list and
 * for the map's areas, the latest reading's metadata kept beside its value (the dashboard averages
 * it without a lookup per sensor), and a partial index that finds the alerts due to resolve
 * themselves without reading every alert.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sensors').addColumn('reading_metadata', 'jsonb').execute();
  await sql`
    update sensors s set reading_metadata = d.metadata
    from (
      select distinct on (sensor_id) sensor_id, metadata from sensor_data
      order by sensor_id, "timestamp" desc
    ) d
    where d.sensor_id = s.id and d.metadata is not null`.execute(db);

  // Each index ends in id, the tie-break of every order, so a page is one range of one index.
  await db.schema.dropIndex('sensors_city_type_idx').execute();
  await sql`create index sensors_city_id_idx on sensors (city_key, id)`.execute(db);
  await sql`create index sensors_city_type_id_idx on sensors (city_key, type, id)`.execute(db);
  await sql`create index sensors_city_status_id_idx on sensors (city_key, status, id)`.execute(db);
  await sql`create index sensors_city_name_idx on sensors (city_key, name, id)`.execute(db);
  // The screens list by name within a type or a status.
  await sql`create index sensors_city_type_name_idx on sensors (city_key, type, name, id)`.execute(
    db,
  );
  await sql`create index sensors_city_status_name_idx on sensors (city_key, status, name, id)`.execute(
    db,
  );
  // Map areas: a range of longitudes within a city, then the latitudes; the clusters read only these.
  await sql`create index sensors_city_position_idx on sensors (city_key, lng, lat) include (status, type)`.execute(
    db,
  );

  await sql`
    create index alerts_in_range_idx on alerts (in_range_since)
    where status in ('open', 'acknowledged') and in_range_since is not null`.execute(db);

  // Every reading rewrites its sensor's latest value. Room left on each page lets PostgreSQL write
  // the new row version beside the old one without touching the sensor indexes (a HOT update: none
  // of the columns ingest changes is indexed), so ingest does not slow down with more indexes.
  await sql`alter table sensors set (fillfactor = 70)`.execute(db);

  // A history read of a sensor walks its minutes in this index alone, never the table's pages. It
  // takes the primary key's place (ingest's upserts find their row through it), so each stored
  // minute still maintains one index on (sensor, minute), not two.
  await sql`create unique index sensor_readings_minute_key on sensor_readings_minute (sensor_id, minute) include (min, max, sum, count)`.execute(
    db,
  );
  await sql`alter table sensor_readings_minute drop constraint sensor_readings_minute_pk`.execute(
    db,
  );
  // Ingest already checks every sensor id (as for the raw readings): a key check per rollup row only
  // slowed the busiest statement, and took a lock on the sensor's row each time.
  await sql`alter table sensor_readings_minute drop constraint if exists sensor_readings_minute_sensor_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sensor_readings_minute add constraint sensor_readings_minute_sensor_id_fkey foreign key (sensor_id) references sensors (id) on delete cascade`.execute(
    db,
  );
  await sql`alter table sensor_readings_minute add constraint sensor_readings_minute_pk primary key (sensor_id, minute)`.execute(
    db,
  );
  await db.schema.dropIndex('sensor_readings_minute_key').execute();
  await sql`alter table sensors reset (fillfactor)`.execute(db);
  await db.schema.dropIndex('alerts_in_range_idx').execute();
  await db.schema.dropIndex('sensors_city_position_idx').execute();
  await db.schema.dropIndex('sensors_city_status_name_idx').execute();
  await db.schema.dropIndex('sensors_city_type_name_idx').execute();
  await db.schema.dropIndex('sensors_city_name_idx').execute();
  await db.schema.dropIndex('sensors_city_status_id_idx').execute();
  await db.schema.dropIndex('sensors_city_type_id_idx').execute();
  await db.schema.dropIndex('sensors_city_id_idx').execute();
  await sql`create index sensors_city_type_idx on sensors (city_key, type)`.execute(db);
  await db.schema.alterTable('sensors').dropColumn('reading_metadata').execute();
}
