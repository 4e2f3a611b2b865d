import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, StatementChargeRow, StatementChargesTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Puts a booking's charge on a statement, or replaces the one it had. */
export async function upsertCharge(db: Db, charge: Insertable<StatementChargesTable>) {
  await db
    .insertInto('statement_charges')
    .values(charge)
    .onConflict((oc) =>
      oc.column('booking_id').doUpdateSet({
        kind: charge.kind,
        label: charge.label,
        amount_paise: charge.amount_paise,
        updated_at: charge.updated_at,
      }),
    )
    .execute();
}

/** Takes a booking off its statement; nothing when it was not on one. */
export async function deleteCharge(db: Db, bookingId: string) {
  await db.deleteFrom('statement_charges').where('booking_id', '=', bookingId).execute();
}

/** A person's charges of one month, in booking order. */
export function listCharges(db: Db, userId: string, month: string): Promise<StatementChargeRow[]> {
  return db
    .selectFrom('statement_charges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .orderBy('booked_at')
    .orderBy('booking_id')
    .execute();
}

const bookings = sql<number>`count(*)::int`;
const revenue = sql<string>`coalesce(sum(amount_paise), 0)::bigint`;

/** The month's charges counted and summed per service and urgency. */
export function sumChargesByServiceAndUrgency(db: Db, month: string) {
  return db
    .selectFrom('statement_charges')
    .select(['service', 'urgency', bookings.as('bookings'), revenue.as('revenue')])
    .where('month', '=', month)
    .groupBy(['service', 'urgency'])
    .execute();
}

/** The accounts charged most in the month, most first (ties by account id, for a stable order). */
export function topChargedAccounts(db: Db, month: string, limit: number) {
  return db
    .selectFrom('statement_charges')
    .select([
      'user_id',
      sql<string>`max(account_name)`.as('name'),
      sql<string>`max(account_email)`.as('email'),
      bookings.as('bookings'),
      revenue.as('revenue'),
    ])
    .where('month', '=', month)
    .groupBy('user_id')
    .orderBy(sql`sum(amount_paise)`, 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}
