import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */
export async function up(db: Kysely<any>): Promise<void> {
  // What each booking costs its owner's municipal account: one line of a monthly statement. The
  // account's name and address are kept as they were when charged, as a statement keeps them.
  await db.schema
    .createTable('statement_charges')
    .addColumn('booking_id', 'text', (c) =>
      c.primaryKey().references('emergency_bookings.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_email', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('booking', 'cancellation_fee')`),
    )
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('urgency', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('booked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A person's statement of a month, in booking order; the month's overview over everyone.
  await sql`create index statement_charges_user_month_idx on statement_charges (user_id, month, booked_at, booking_id)`.execute(
    db,
  );
  await sql`create index statement_charges_month_idx on statement_charges (month)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statement_charges').execute();
}
