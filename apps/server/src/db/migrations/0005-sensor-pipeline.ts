import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sensor_data')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // No foreign key: ingest checks every sensor id already, and a per-row key check would slow the
    // busiest table for nothing.
    .addColumn('sensor_id', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
    .addColumn('metadata', 'jsonb')
    .execute();
  // History reads and retention both walk one sensor's readings by time.
  await sql`create index sensor_data_sensor_time_idx on sensor_data (sensor_id, "timestamp" desc)`.execute(
    db,
  );
  await sql`create index sensor_data_time_idx on sensor_data ("timestamp")`.execute(db);

  // Per-minute aggregates kept on ingest, so day and week histories never read raw rows.
  await db.schema
    .createTable('sensor_readings_minute')
    .addColumn('sensor_id', 'text', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sensor_readings_minute_pk', ['sensor_id', 'minute'])
    .execute();
  await sql`create index sensor_readings_minute_time_idx on sensor_readings_minute (minute)`.execute(
    db,
  );

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sensor_id', 'text', (c) => c.references('sensors.id').onDelete('set null'))
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key'))
    .addColumn('location', 'text')
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) =>
      c.notNull().check(sql`severity in ('critical', 'high', 'warning', 'info')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'acknowledged', 'resolved', 'dismissed')`),
    )
    .addColumn('value', 'double precision')
    .addColumn('in_range_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('acknowledged_by', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .addColumn('note', 'text')
    .execute();
  await sql`create index alerts_created_idx on alerts (created_at desc)`.execute(db);
  await sql`create index alerts_city_created_idx on alerts (city_key, created_at desc)`.execute(db);
  // One active alert per sensor and rule: a sensor that stays out of range updates it in place.
  await sql`create unique index alerts_one_active_idx on alerts (sensor_id, rule) where status in ('open', 'acknowledged')`.execute(
    db,
  );

  await db.schema
    .createTable('alert_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_history_alert_idx')
    .on('alert_history')
    .columns(['alert_id', 'at'])
    .execute();

  await db.schema
    .createTable('device_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.references('cities.key'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_keys').execute();
  await db.schema.dropTable('alert_history').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('sensor_readings_minute').execute();
  await db.schema.dropTable('sensor_data').execute();
}
