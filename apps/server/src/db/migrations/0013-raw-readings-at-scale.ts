import { sql, type Kysely } from 'kysely';

/**
 * Raw readings are the platform's busiest table: every reading is a row, written once, read by
 * sensor and time, and deleted by age. Each index is work for every reading, so it keeps only the
 * ones those uses need.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Nothing ever looks a reading up by a number of its own: the key and its sequence only cost.
  await sql`alter table sensor_data drop column id`.execute(db);
  // Rows arrive in time order, so a block range index finds the old ones to prune in a fraction of
  // a b-tree's size, and costs next to nothing per reading.
  await sql`drop index sensor_data_time_idx`.execute(db);
  await sql`create index sensor_data_time_brin on sensor_data using brin ("timestamp")`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index sensor_data_time_brin`.execute(db);
  await sql`create index sensor_data_time_idx on sensor_data ("timestamp")`.execute(db);
  await sql`alter table sensor_data add column id bigint generated always as identity primary key`.execute(
    db,
  );
}
