/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The raw readings' key carries the value (decision 0047): a sensor's history for a day or a week
 * is then read from the key's index alone, a few pages, instead of one table page per reading
 * (readings of all sensors arrive interleaved, so each of a sensor's readings sits on its own page).
 * The index is built for every partition before the old one goes; on a large database this takes
 * a while per day kept, and readings wait for their day's partition meanwhile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index sensor_data_reading_covering_key
    on sensor_data (sensor_id, "timestamp" desc) include (value)`.execute(db);
  await sql`drop index sensor_data_reading_key`.execute(db);
  await sql`alter index sensor_data_reading_covering_key rename to sensor_data_reading_key`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create unique index sensor_data_reading_plain_key
    on sensor_data (sensor_id, "timestamp" desc)`.execute(db);
  await sql`drop index sensor_data_reading_key`.execute(db);
  await sql`alter index sensor_data_reading_plain_key rename to sensor_data_reading_key`.execute(
    db,
  );
}
