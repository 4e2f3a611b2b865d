/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
import { sql, type Kysely } from 'kysely';

/**
 * Open311 GeoReport v2: a device key is for sensors (readings) or for a reporter app (reports
 * through `/open311/v2`), never both; a request made there may carry a link to a picture and a
 * phone number, kept with the report like its other contact fields.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table device_keys add column kind text not null default 'sensors'
    check (kind in ('sensors', 'reporter'))`.execute(db);
  await sql`comment on column device_keys.kind is ${sql.lit(
    "What the key may do: 'sensors' send readings, 'reporter' apps make reports through Open311.",
  )}`.execute(db);
  await sql`alter table reports add column media_url text`.execute(db);
  await sql`alter table reports add column reporter_phone text`.execute(db);
  await sql`comment on column reports.media_url is ${sql.lit(
    "The picture an Open311 request linked to (its media_url); the app's photos are report_photos.",
  )}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('reporter_phone').execute();
  await db.schema.alterTable('reports').dropColumn('media_url').execute();
  await db.schema.alterTable('device_keys').dropColumn('kind').execute();
}
