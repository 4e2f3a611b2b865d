import { sql, type Kysely } from 'kysely';

/**
 * A reading is one sensor's value at one instant: stored once, however often it is delivered. MQTT
 * redelivers a QoS 1 message the server stored but could not acknowledge (a crash in between), and a
 * device retries an HTTP batch whose answer it never got; the key on (sensor, time) lets ingest skip
 * what is stored already. The index replaces the (sensor, time) index every history query used, so
 * each reading still costs one b-tree entry.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Copies stored before the key existed are kept once (the first written). Their rollups counted
  // them already; those stay as they are, being history.
  await sql`
    delete from sensor_data d
    using (
      select sensor_id, "timestamp", min(ctid) as kept
      from sensor_data
      group by sensor_id, "timestamp"
      having count(*) > 1
    ) copies
    where d.sensor_id = copies.sensor_id
      and d."timestamp" = copies."timestamp"
      and d.ctid <> copies.kept`.execute(db);
  await sql`create unique index sensor_data_reading_key on sensor_data (sensor_id, "timestamp" desc)`.execute(
    db,
  );
  await sql`drop index sensor_data_sensor_time_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index sensor_data_sensor_time_idx on sensor_data (sensor_id, "timestamp" desc)`.execute(
    db,
  );
  await sql`drop index sensor_data_reading_key`.execute(db);
}
