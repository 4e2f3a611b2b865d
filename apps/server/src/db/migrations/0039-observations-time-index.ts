/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * The SensorThings API reads the Observations of every Datastream at once one hour of phenomenonTime
 * at a time, newest first. The raw readings' only index is the reading key (sensor, time), so that
 * hour would otherwise be found by reading the whole day's partition. A day's rows arrive in time
 * order, so a block range index on the time narrows the read to the pages of that hour, and costs
 * next to nothing per reading: one summary per 128 pages, which the hourly vacuum of the day under
 * way brings up to date (pages written since are read anyway, as they might hold the hour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sensor_data_timestamp_brin on sensor_data using brin ("timestamp")`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sensor_data_timestamp_brin`.execute(db);
}
