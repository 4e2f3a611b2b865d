import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // Scheduled periods in which a city's sensors (all, named ones, a type, an area, or these
  // together) raise alerts that are recorded but not shown. An area's circle is kept with the
  // window, so the check of a batch of alerts needs no table of areas.
  await db.schema
    .createTable('maintenance_windows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key'))
    .addColumn('sensor_ids', sql`text[]`)
    .addColumn('type', 'text')
    .addColumn('area_key', 'text')
    .addColumn('area_lat', 'float8')
    .addColumn('area_lng', 'float8')
    .addColumn('area_radius_km', 'float8')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('maintenance_windows_span', sql`ends_at > starts_at`)
    .execute();
  // Every reader asks for the windows of a city that end after some moment (now, or a week ago).
  await db.schema
    .createIndex('maintenance_windows_city_ends_idx')
    .on('maintenance_windows')
    .columns(['city_key', 'ends_at'])
    .execute();
  await db.schema
    .alterTable('alerts')
    .addColumn('suppressed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // Suppressed alerts are few beside the rest: their list reads this small index, newest first, and
  // the active lists keep their own and only filter them out.
  await sql`create index alerts_suppressed_idx on alerts (city_key, created_at desc)
    where suppressed`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('alerts_suppressed_idx').execute();
  await db.schema.alterTable('alerts').dropColumn('suppressed').execute();
  await db.schema.dropTable('maintenance_windows').execute();
}
