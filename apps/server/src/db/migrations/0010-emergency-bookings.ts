import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('emergency_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: accounts live in better-auth's tables, migrated after these. The name and
    // address are kept as they were at booking time, as a receipt keeps them.
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('owner_email', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull().references('cities.key'))
    .addColumn('service', 'text', (c) =>
      c.notNull().check(sql`service in ('ambulance', 'fire', 'police', 'rescue')`),
    )
    .addColumn('urgency', 'text', (c) =>
      c.notNull().check(sql`urgency in ('low', 'medium', 'high', 'critical')`),
    )
    // The dispatch queue sorts on this, most urgent first.
    .addColumn('urgency_rank', 'smallint', (c) => c.notNull())
    .addColumn('add_ons', 'jsonb', (c) => c.notNull())
    .addColumn('remote', 'boolean', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('description', 'text')
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('alternate_contact', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending_payment', 'confirmed', 'dispatched', 'in_progress', 'completed', 'cancelled', 'payment_failed')`,
        ),
    )
    // The quote the booking was made at: later fee changes never reprice it.
    .addColumn('quote_lines', 'jsonb', (c) => c.notNull())
    .addColumn('subtotal_paise', 'integer', (c) => c.notNull().check(sql`subtotal_paise >= 0`))
    .addColumn('gst_paise', 'integer', (c) => c.notNull().check(sql`gst_paise >= 0`))
    .addColumn('total_paise', 'integer', (c) => c.notNull().check(sql`total_paise >= 0`))
    .addColumn('charged_paise', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`charged_paise >= 0`),
    )
    .addColumn('statement_month', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('eta_minutes', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A person's own list, everyone's list and one city's list, each newest first.
  await sql`create index emergency_bookings_user_idx on emergency_bookings (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index emergency_bookings_created_idx on emergency_bookings (created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index emergency_bookings_city_idx on emergency_bookings (city_key, created_at desc, id desc)`.execute(
    db,
  );
  // The dispatch queue (a city's open bookings, most urgent first, then oldest first) and the
  // count of open bookings.
  await sql`create index emergency_bookings_queue_idx on emergency_bookings (city_key, urgency_rank desc, created_at, id)
    where status in ('pending_payment', 'confirmed', 'dispatched', 'in_progress')`.execute(db);

  await db.schema
    .createTable('emergency_booking_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('booking_id', 'text', (c) =>
      c.notNull().references('emergency_bookings.id').onDelete('cascade'),
    )
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('note', 'text')
    .addColumn('unit', 'text')
    .addColumn('eta_minutes', 'integer')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index emergency_booking_history_booking_idx on emergency_booking_history (booking_id, at, id)`.execute(
    db,
  );

  // One row per Idempotency-Key a person sent: the primary key is what makes a double submit,
  // even two at once from two processes, book once. The booking is inserted after its key in the
  // same transaction, hence the deferred check.
  await sql`create table booking_idempotency_keys (
    user_id text not null,
    key text not null,
    request_hash text not null,
    booking_id text not null references emergency_bookings (id) on delete cascade
      deferrable initially deferred,
    created_at timestamptz not null,
    primary key (user_id, key)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_idempotency_keys').execute();
  await db.schema.dropTable('emergency_booking_history').execute();
  await db.schema.dropTable('emergency_bookings').execute();
}
