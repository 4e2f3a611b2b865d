import { randomUUID } from 'node:crypto';
import {
  bookingReference,
  bookingReferencePrefix,
  BOOKING_TRANSITIONS,
  bookingCapacityOf,
  bookingStatusesOf,
  canCancelBooking,
  canDispatchBookings,
  DEFAULT_CITY_KEY,
  DISPATCHED_STATUSES,
  OPEN_BOOKING_STATUSES,
  paymentMethodSchema,
  roleSchema,
  bookingStatusSchema,
  type Booking,
  type BookingAction,
  type BookingListQuery,
  type BookingPage,
  type BookingStatus,
  type BookingSummary,
  type CityKey,
  type CreateBooking,
  type DispatchBooking,
  type EmergencyCatalogue,
  type Quote,
  type QuoteRequest,
  type Role,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { monthIn } from '../../lib/month';
import type { DomainEvents } from '../../live/domain-events';
import type { CitiesService } from '../cities/cities.service';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import type { PaymentsService } from '../payments/payments.service';
import { decodeCursor, momentOf, nextCursorAfter } from './booking-cursor';
import { presentBooking, presentBookings } from './booking-presenter';
import {
  bookingCityOf,
  bookingRequestHash,
  callerNameOf,
  newBookingRow,
  paymentBookingOf,
} from './booking-request';
import { catalogueOf } from './emergency-catalogue';
import {
  claimIdempotencyKey,
  countBookingsByStatus,
  findBooking,
  findIdempotencyKey,
  insertBooking,
  insertHistory,
  listBookings,
  listHistory,
  nextReferenceSequence,
  updateBooking,
} from './emergency.repository';
import { cancellationFee, quoteFee } from './fee-quote';
import { Conflict, NotFound } from '../../lib/domain-errors';
import { createUnitOfWork } from '../../lib/unit-of-work';

/** Who is booking or changing a booking. */
export type BookingCaller = { id: string; name: string; email: string; role: Role };

function bookingNotFound(id: string) {
  return new NotFound(`No booking with id "${id}"`);
}

const PAST_TENSE: Record<BookingAction, string> = {
  confirm: 'confirmed',
  dispatch: 'dispatched',
  start: 'started',
  complete: 'completed',
  cancel: 'cancelled',
};

export type EmergencyService = ReturnType<typeof createEmergencyService>;

/**
 * Emergency services: the catalogue and its fees, bookings and their lifecycle. A booking is priced
 * by the server, paid through the provider of its payment method, and every change is recorded and
 * announced to its owner and the city's operations staff once committed.
 */
export function createEmergencyService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  cities: CitiesService;
  payments: PaymentsService;
  ledger: LedgerService;
  now: () => Date;
}) {
  const { db, payments } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  async function load(db: Kysely<Database> | Transaction<Database>, id: string) {
    const row = await findBooking(db, id);
    if (!row) throw bookingNotFound(id);
    return presentBooking(row, await listHistory(db, [id]));
  }

  return {
    /** The services with their fees, and a city's emergency numbers. */
    catalogue(city: CityKey = DEFAULT_CITY_KEY): EmergencyCatalogue {
      return catalogueOf(city);
    },

    /** The fee of a booking, line by line, as a booking would be charged it. */
    quote(body: QuoteRequest): Quote {
      return quoteFee(body);
    },

    /**
     * Books a service for the caller at the server's own quote and takes payment through the
     * booking's provider, all in one transaction. With an Idempotency-Key, the same key and body
     * give back the booking made the first time (`replayed`), and the same key with another body
     * is refused with 409.
     */
    async create(
      body: CreateBooking,
      caller: BookingCaller,
      idempotencyKey?: string,
    ): Promise<{ booking: Booking; replayed: boolean }> {
      const city = bookingCityOf(await deps.cities.list(), body);
      const quote = quoteFee(body);
      const provider = payments.providerFor(body.paymentMethod);
      const now = deps.now();
      const id = randomUUID();
      const hash = bookingRequestHash(body);
      const callerName = callerNameOf(caller);
      const statementMonth = monthIn(now, city.timeZone);

      const outcome = await unitOfWork(async (unit) => {
        if (idempotencyKey !== undefined) {
          const claim = {
            userId: caller.id,
            key: idempotencyKey,
            requestHash: hash,
            bookingId: id,
          };
          if (!(await claimIdempotencyKey(unit.trx, { ...claim, at: now }))) {
            const earlier = await findIdempotencyKey(unit.trx, caller.id, idempotencyKey);
            if (earlier?.request_hash !== hash) {
              throw new Conflict(
                'This Idempotency-Key was already used for a different booking; use a new key for a new booking.',
              );
            }
            return { replayedId: earlier.booking_id };
          }
        }
        // Numbered only once the key is claimed: a retried request reuses the first booking's
        // reference and never uses up a number.
        const prefix = bookingReferencePrefix(city.key, statementMonth);
        const reference = bookingReference(prefix, await nextReferenceSequence(unit.trx, prefix));
        const row = await insertBooking(
          unit.trx,
          newBookingRow({ id, reference, caller, city, body, quote, statementMonth, at: now }),
        );
        await insertHistory(unit.trx, {
          booking_id: id,
          action: 'created',
          from_status: null,
          to_status: 'pending_payment',
          actor_name: callerName,
          actor_role: caller.role,
          note: null,
          at: now,
        });
        const paid = await provider.pay(unit.trx, paymentBookingOf(row));
        if (paid.status !== 'pending') {
          const to: BookingStatus = paid.status === 'confirmed' ? 'confirmed' : 'payment_failed';
          await updateBooking(unit.trx, id, {
            status: to,
            charged_paise: paid.status === 'confirmed' ? paid.chargedPaise : 0,
            updated_at: now,
          });
          await insertHistory(unit.trx, {
            booking_id: id,
            action: paid.status === 'confirmed' ? 'confirm' : 'payment_failed',
            from_status: 'pending_payment',
            to_status: to,
            actor_name: provider.displayName,
            actor_role: null,
            note: paid.status === 'failed' ? paid.reason : null,
            at: now,
          });
        }
        const booking = await load(unit.trx, id);
        unit.publish('booking:created', booking);
        return { replayedId: null, booking };
      });

      if (outcome.replayedId !== null) {
        return { booking: await load(db, outcome.replayedId), replayed: true };
      }
      return { booking: outcome.booking, replayed: false };
    },

    /** One booking with its history: the owner's own, or any for operations staff. */
    async get(id: string, caller: BookingCaller): Promise<Booking> {
      const booking = await load(db, id);
      // Someone else's booking does not exist as far as a citizen can tell.
      if (!bookingCapacityOf(caller, booking)) throw bookingNotFound(id);
      return booking;
    },

    /** A page of bookings: a citizen's own, or everyone's for operations staff. */
    async list(query: BookingListQuery, caller: BookingCaller): Promise<BookingPage> {
      const rows = await listBookings(db, {
        userId: canDispatchBookings(caller.role) && query.owner !== 'me' ? undefined : caller.id,
        city: query.city,
        statuses: query.status ? bookingStatusesOf(query.status) : undefined,
        service: query.service,
        urgency: query.urgency,
        from: momentOf(query.from),
        to: momentOf(query.to),
        order: query.order,
        after: query.cursor ? decodeCursor(query.cursor, query.order) : undefined,
        // One more than the page says whether another page follows.
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const history = await listHistory(
        db,
        page.map((row) => row.id),
      );
      return {
        items: presentBookings(page, history),
        nextCursor: rows.length > query.limit ? nextCursorAfter(page.at(-1), query.order) : null,
      };
    },

    /** The open bookings per status: the caller's own, or the city's for operations staff. */
    async summary(caller: BookingCaller, city?: CityKey): Promise<BookingSummary> {
      const operations = canDispatchBookings(caller.role);
      const rows = await countBookingsByStatus(db, {
        userId: operations ? undefined : caller.id,
        city,
        statuses: OPEN_BOOKING_STATUSES,
      });
      const byStatus: BookingSummary['byStatus'] = {
        pending_payment: 0,
        confirmed: 0,
        dispatched: 0,
        in_progress: 0,
      };
      for (const row of rows) {
        const status = bookingStatusSchema.parse(row.status);
        if (status in byStatus) byStatus[status as keyof typeof byStatus] += row.count;
      }
      const open = Object.values(byStatus).reduce((sum, count) => sum + count, 0);
      return { open, byStatus };
    },

    /**
     * Moves a booking on: confirm, dispatch (with the unit and its ETA), start, complete or cancel,
     * recording who, when and the note. The owner may cancel until dispatch; operations staff until
     * completion. Cancelling before dispatch takes the booking off its statement; after dispatch
     * the base fee and its GST stay charged.
     */
    async transition(
      id: string,
      action: BookingAction,
      caller: BookingCaller,
      body: { note?: string } & Partial<Pick<DispatchBooking, 'unit' | 'etaMinutes'>>,
    ): Promise<Booking> {
      const now = deps.now();
      const callerName = callerNameOf(caller);
      return unitOfWork(async (unit) => {
        const row = await findBooking(unit.trx, id, true);
        if (!row || !bookingCapacityOf(caller, { owner: { id: row.user_id } })) {
          throw bookingNotFound(id);
        }
        const from = bookingStatusSchema.parse(row.status);
        const rule = BOOKING_TRANSITIONS[action];
        if (!rule.from.includes(from)) {
          throw new Conflict(
            `This booking is ${from} and cannot be ${PAST_TENSE[action]}; only ` +
              `${rule.from.join(', ')} bookings can.`,
          );
        }
        if (
          action === 'cancel' &&
          !canCancelBooking(caller, { owner: { id: row.user_id }, status: from })
        ) {
          throw new Conflict(
            `A unit is already on its way (the booking is ${from}): only operations staff can cancel it now.`,
          );
        }
        let to = rule.to;
        let chargedPaise = row.charged_paise;
        const provider = payments.providerFor(paymentMethodSchema.parse(row.payment_method));
        const paymentBooking = paymentBookingOf(row);
        if (action === 'confirm') {
          chargedPaise = (await provider.capture(unit.trx, paymentBooking)).chargedPaise;
        }
        if (action === 'cancel') {
          chargedPaise = DISPATCHED_STATUSES.includes(from)
            ? cancellationFee(paymentBooking.service)
            : 0;
          await provider.settle(unit.trx, paymentBooking, {
            amountPaise: chargedPaise,
            kind: 'cancellation_fee',
          });
          to = 'cancelled';
        }
        const dispatch = action === 'dispatch';
        await updateBooking(unit.trx, id, {
          status: to,
          charged_paise: chargedPaise,
          updated_at: now,
          ...(dispatch ? { unit: body.unit ?? null, eta_minutes: body.etaMinutes ?? null } : {}),
        });
        await insertHistory(unit.trx, {
          booking_id: id,
          action,
          from_status: from,
          to_status: to,
          actor_name: callerName,
          actor_role: roleSchema.parse(caller.role),
          note: body.note ?? null,
          unit: dispatch ? (body.unit ?? null) : null,
          eta_minutes: dispatch ? (body.etaMinutes ?? null) : null,
          at: now,
        });
        // On the public record: which booking of which service and city moved where, and the
        // actor's role and pseudonym; never the place, the contact or the note.
        await deps.ledger.record(unit, {
          type: 'booking.status_changed',
          payload: {
            bookingId: id,
            service: row.service,
            city: row.city_key,
            action,
            from,
            status: to,
            by: publicActor({ role: roleSchema.parse(caller.role), id: caller.id }),
          },
          at: now,
          ref: `booking:${id}:${to}`,
        });
        const booking = await load(unit.trx, id);
        unit.publish('booking:updated', booking);
        return booking;
      });
    },
  };
}
