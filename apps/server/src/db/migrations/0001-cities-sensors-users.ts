import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cities')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('population_display', 'text', (c) => c.notNull())
    .addColumn('population_count', 'integer', (c) => c.notNull().check(sql`population_count >= 0`))
    .addColumn('center_lat', 'double precision', (c) => c.notNull())
    .addColumn('center_lng', 'double precision', (c) => c.notNull())
    .addColumn('bounds_north', 'double precision', (c) => c.notNull())
    .addColumn('bounds_south', 'double precision', (c) => c.notNull())
    .addColumn('bounds_east', 'double precision', (c) => c.notNull())
    .addColumn('bounds_west', 'double precision', (c) => c.notNull())
    .addColumn('gradient_from', 'text', (c) => c.notNull())
    .addColumn('gradient_via', 'text', (c) => c.notNull())
    .addColumn('gradient_to', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sensors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in ('traffic', 'air_quality', 'energy', 'water', 'waste', 'population', 'noise', 'parking')`,
        ),
    )
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key').onDelete('restrict'))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive', 'maintenance', 'offline')`),
    )
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('value', 'double precision')
    .addColumn('last_reading', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sensors_city_type_idx')
    .on('sensors')
    .columns(['city_key', 'type'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('citizen')
        .check(sql`role in ('admin', 'operator', 'citizen')`),
    )
    .addColumn('department', 'text')
    .addColumn('phone', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_login', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('sensors').execute();
  await db.schema.dropTable('cities').execute();
}
