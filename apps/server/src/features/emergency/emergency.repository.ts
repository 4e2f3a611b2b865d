import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type {
  Database,
  EmergencyBookingHistoryRow,
  EmergencyBookingHistoryTable,
  EmergencyBookingRow,
  EmergencyBookingsTable,
} from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function insertBooking(db: Db, booking: Insertable<EmergencyBookingsTable>) {
  return db
    .insertInto('emergency_bookings')
    .values(booking)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateBooking(
  db: Db,
  id: string,
  change: Updateable<EmergencyBookingsTable>,
): Promise<EmergencyBookingRow> {
  return db
    .updateTable('emergency_bookings')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The next sequence number of a reference prefix; the row lock orders bookings made at once. */
export async function nextReferenceSequence(db: Db, prefix: string): Promise<number> {
  const row = await db
    .insertInto('booking_reference_counters')
    .values({ prefix, last: 1 })
    .onConflict((oc) =>
      oc.column('prefix').doUpdateSet({ last: sql<number>`booking_reference_counters.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/** One booking; `forUpdate` locks it until the transaction ends, so two changes never cross. */
export function findBooking(
  db: Db,
  id: string,
  forUpdate = false,
): Promise<EmergencyBookingRow | undefined> {
  const query = db.selectFrom('emergency_bookings').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertHistory(
  db: Db,
  entry: Insertable<EmergencyBookingHistoryTable>,
): Promise<void> {
  await db.insertInto('emergency_booking_history').values(entry).execute();
}

/** The history of several bookings in one query, each booking's oldest first. */
export function listHistory(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return Promise.resolve([] as EmergencyBookingHistoryRow[]);
  return db
    .selectFrom('emergency_booking_history')
    .selectAll()
    .where('booking_id', 'in', [...bookingIds])
    .orderBy('booking_id')
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** Where a page ends: the sort keys of its last booking. */
export type BookingCursor =
  | { order: 'newest'; createdAt: Date; id: string }
  | { order: 'queue'; rank: number; createdAt: Date; id: string };

export type BookingFilter = {
  /** Only this person's bookings (a citizen's view). */
  userId?: string;
  city?: string;
  statuses?: readonly string[];
  service?: string;
  urgency?: string;
  /** Booked at or after. */
  from?: Date;
  /** Booked before. */
  to?: Date;
  order: 'newest' | 'queue';
  after?: BookingCursor;
  limit: number;
};

/**
 * A page of bookings in keyset order: newest first, or for the dispatch queue the most urgent
 * first and, within an urgency, the oldest first. Reads `limit` rows past the cursor.
 */
export function listBookings(db: Db, filter: BookingFilter): Promise<EmergencyBookingRow[]> {
  let query = db.selectFrom('emergency_bookings').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.city) query = query.where('city_key', '=', filter.city);
  if (filter.statuses) query = query.where('status', 'in', [...filter.statuses]);
  if (filter.service) query = query.where('service', '=', filter.service);
  if (filter.urgency) query = query.where('urgency', '=', filter.urgency);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  const after = filter.after;
  if (filter.order === 'newest') {
    if (after) {
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
      );
    }
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  } else {
    if (after?.order === 'queue') {
      query = query.where((eb) =>
        eb.or([
          eb('urgency_rank', '<', after.rank),
          eb.and([
            eb('urgency_rank', '=', after.rank),
            eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
          ]),
        ]),
      );
    }
    query = query.orderBy('urgency_rank', 'desc').orderBy('created_at').orderBy('id');
  }
  return query.limit(filter.limit).execute();
}

/** How many bookings are in each of some statuses, of one person or one city (or of all). */
export function countBookingsByStatus(
  db: Db,
  filter: { userId?: string; city?: string; statuses: readonly string[] },
): Promise<{ status: string; count: number }[]> {
  let query = db
    .selectFrom('emergency_bookings')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .where('status', 'in', [...filter.statuses])
    .groupBy('status');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.city) query = query.where('city_key', '=', filter.city);
  return query.execute();
}

/**
 * Records an Idempotency-Key for a booking about to be made. False when the person used the key
 * already: the primary key makes a concurrent attempt wait for the first one's transaction, then
 * find its row.
 */
export async function claimIdempotencyKey(
  db: Db,
  claim: { userId: string; key: string; requestHash: string; bookingId: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('booking_idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.requestHash,
      booking_id: claim.bookingId,
      created_at: claim.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findIdempotencyKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('booking_idempotency_keys')
    .select(['request_hash', 'booking_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}
