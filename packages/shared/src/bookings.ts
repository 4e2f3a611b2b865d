import { z } from 'zod';
import { roleSchema } from './auth';
import { cityKeySchema } from './cities';
import type { CityKey } from './city-keys';
import { canDispatchBookings } from './policies';
import type { Role } from './roles';
import {
  checkAddOns,
  emergencyServiceIdSchema,
  feeInputFields,
  quoteFields,
  urgencySchema,
} from './emergency';

/** Statuses of a booking; the lifecycle is pending_payment → confirmed → dispatched → in_progress → completed. */
export const BOOKING_STATUSES = [
  'pending_payment',
  'confirmed',
  'dispatched',
  'in_progress',
  'completed',
  'cancelled',
  'payment_failed',
] as const;
export const bookingStatusSchema = z.enum(BOOKING_STATUSES).meta({ id: 'BookingStatus' });
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** Bookings still to be served: the dispatch queue and the "open bookings" counts. */
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = [
  'pending_payment',
  'confirmed',
  'dispatched',
  'in_progress',
];

/** Whether a status is final: nothing moves a booking out of it. */
export function isSettledStatus(status: BookingStatus): boolean {
  return !OPEN_BOOKING_STATUSES.includes(status);
}

export const BOOKING_ACTIONS = ['confirm', 'dispatch', 'start', 'complete', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * Where each action may start from and where it leads. Cancelling has two rules: the person who
 * booked may cancel until a unit is on its way; operations may cancel until the job is done.
 */
export const BOOKING_TRANSITIONS: Readonly<
  Record<BookingAction, { from: readonly BookingStatus[]; to: BookingStatus }>
> = {
  confirm: { from: ['pending_payment'], to: 'confirmed' },
  dispatch: { from: ['confirmed'], to: 'dispatched' },
  start: { from: ['dispatched'], to: 'in_progress' },
  complete: { from: ['in_progress'], to: 'completed' },
  cancel: { from: ['pending_payment', 'confirmed', 'dispatched', 'in_progress'], to: 'cancelled' },
};

/** The statuses the person who booked may still cancel from. */
export const OWNER_CANCELLABLE_STATUSES: readonly BookingStatus[] = [
  'pending_payment',
  'confirmed',
];

/**
 * In what capacity someone acts on a booking: as operations staff (any booking) or as the person
 * who booked it. Someone with neither may not know the booking exists.
 */
export type BookingCapacity = 'operations' | 'owner';

/** The capacity the caller acts on this booking in, or null when it is not theirs to see. */
export function bookingCapacityOf(
  caller: { id: string; role: Role },
  booking: { owner: { id: string } },
): BookingCapacity | null {
  if (canDispatchBookings(caller.role)) return 'operations';
  return booking.owner.id === caller.id ? 'owner' : null;
}

/**
 * The actions a booking's status allows in a capacity: for operations each action whose rule
 * starts there; for its owner, cancelling until a unit is on its way. The server refuses what this
 * leaves out and the buttons offer only what it lists.
 */
export function bookingActionsFor(
  capacity: BookingCapacity,
  status: BookingStatus,
): BookingAction[] {
  if (capacity === 'owner') return OWNER_CANCELLABLE_STATUSES.includes(status) ? ['cancel'] : [];
  return BOOKING_ACTIONS.filter((action) => BOOKING_TRANSITIONS[action].from.includes(status));
}

/** Whether the caller may cancel this booking now. */
export function canCancelBooking(
  caller: { id: string; role: Role },
  booking: { owner: { id: string }; status: BookingStatus },
): boolean {
  const capacity = bookingCapacityOf(caller, booking);
  return capacity !== null && bookingActionsFor(capacity, booking.status).includes('cancel');
}

/** Statuses after which a cancellation still costs the base fee: a unit was sent. */
export const DISPATCHED_STATUSES: readonly BookingStatus[] = ['dispatched', 'in_progress'];

/** How a booking is paid; the municipal account (postpaid, on the monthly statement) is the default. */
export const PAYMENT_METHODS = ['municipal_account'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS).meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'municipal_account';

export const BOOKING_LOCATION_MAX_LENGTH = 300;
export const BOOKING_DESCRIPTION_MAX_LENGTH = 1_000;
export const BOOKING_CONTACT_NAME_MAX_LENGTH = 100;
export const BOOKING_NOTE_MAX_LENGTH = 500;
export const BOOKING_UNIT_MAX_LENGTH = 60;
export const BOOKING_ETA_MAX_MINUTES = 24 * 60;

const PHONE_SEPARATORS = /[\s().-]/g;
const E164 = /^\+[1-9]\d{7,14}$/;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * A number a responder can call back: E.164 (+919830012345, +12125550123) or a 10-digit Indian
 * mobile (9830012345), spaces, dots, dashes and brackets allowed. Stored in E.164, an Indian
 * mobile with +91 in front.
 */
export const bookingPhoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(PHONE_SEPARATORS, ''))
  .refine(
    (value) => E164.test(value) || INDIAN_MOBILE.test(value),
    'must be a phone number in E.164 form (+919830012345) or a 10-digit Indian mobile number',
  )
  .transform((value) => (value.startsWith('+') ? value : `+91${value}`));

/** Whether a typed phone number would be accepted for a booking. */
export function isBookingPhone(value: string): boolean {
  return bookingPhoneSchema.safeParse(value).success;
}

/** An optional text field: blank is the same as absent. */
function optionalText(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max, `must be at most ${max} characters`).optional(),
  );
}

function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    schema.optional(),
  );
}

/**
 * `POST /api/emergency/bookings` body. The fee is the server's own quote: an amount in the body is
 * ignored, as are other unknown fields. `city` is the city to send help in (by default the one whose
 * bounds hold lat/lng, else Kolkata); lat and lng come together and lie inside that city.
 */
export const createBookingSchema = z
  .object({
    ...feeInputFields,
    city: cityKeySchema.optional(),
    location: z
      .string()
      .trim()
      .min(1, 'must say where help is needed')
      .max(
        BOOKING_LOCATION_MAX_LENGTH,
        `must be at most ${BOOKING_LOCATION_MAX_LENGTH} characters`,
      ),
    lat: blankAsAbsent(z.number().min(-90).max(90)),
    lng: blankAsAbsent(z.number().min(-180).max(180)),
    description: optionalText(BOOKING_DESCRIPTION_MAX_LENGTH),
    contactName: optionalText(BOOKING_CONTACT_NAME_MAX_LENGTH),
    contactPhone: bookingPhoneSchema,
    email: blankAsAbsent(z.string().trim().pipe(z.email('must be an e-mail address'))),
    alternateContact: blankAsAbsent(bookingPhoneSchema),
    paymentMethod: paymentMethodSchema.default(DEFAULT_PAYMENT_METHOD),
  })
  .superRefine((body, ctx) => {
    checkAddOns(body, ctx);
    if (body.lat === undefined && body.lng !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'must be given with lng' });
    if (body.lng === undefined && body.lat !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lng'], message: 'must be given with lat' });
  })
  .meta({ id: 'CreateBooking' });
export type CreateBooking = z.infer<typeof createBookingSchema>;
/** The body as a client writes it (defaults not yet applied). */
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** One recorded change of a booking: who did what, when, with which note (and unit and ETA). */
export const bookingHistoryEntrySchema = z
  .object({
    action: z.enum(['created', 'payment_failed', ...BOOKING_ACTIONS]),
    fromStatus: bookingStatusSchema.nullable(),
    toStatus: bookingStatusSchema,
    /** Who: a person's name and role, or the payment provider (role null). */
    actor: z.object({ name: z.string(), role: roleSchema.nullable() }),
    note: z.string().nullable(),
    unit: z.string().nullable(),
    etaMinutes: z.number().int().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'BookingHistoryEntry' });
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

/**
 * A booking as every endpoint answers it and the live events carry it: what was asked for, the
 * quote it was booked at (its lines, subtotal, GST and total), what its owner's statement is charged
 * for it now, the unit sent, and its history, oldest first.
 */
export const bookingSchema = z
  .object({
    id: z.string(),
    /** The short reference a person reads out on the phone: city code, yymm, sequence. */
    reference: z.string().meta({ example: 'KOL-2611-0042' }),
    city: cityKeySchema,
    service: emergencyServiceIdSchema,
    urgency: urgencySchema,
    addOns: z.array(z.string()),
    remote: z.boolean(),
    location: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    /** The city's area nearest to lat/lng, when the point lies within one; null without coordinates. */
    area: z.object({ key: z.string(), name: z.string() }).nullable(),
    description: z.string().nullable(),
    contactName: z.string(),
    contactPhone: z.string(),
    email: z.string().nullable(),
    alternateContact: z.string().nullable(),
    paymentMethod: paymentMethodSchema,
    status: bookingStatusSchema,
    ...quoteFields,
    /** On the owner's statement for this booking now: the total, the base fee after a late cancel, or 0. */
    chargedPaise: z.number().int().nonnegative(),
    /** The month of the statement it is charged on ('YYYY-MM', in the city's time zone). */
    statementMonth: z.string(),
    unit: z.string().nullable(),
    etaMinutes: z.number().int().nullable(),
    owner: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    history: z.array(bookingHistoryEntrySchema),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/** The code a booking reference starts with, per city: short enough to read out on the phone. */
export const BOOKING_REFERENCE_CITY_CODES: Readonly<Record<CityKey, string>> = {
  kolkata: 'KOL',
  kharagpur: 'KGP',
  'new-york': 'NYC',
};

/** The prefix of a reference: the city's code and the statement month as yymm ('KOL-2611'). */
export function bookingReferencePrefix(city: CityKey, statementMonth: string): string {
  return `${BOOKING_REFERENCE_CITY_CODES[city]}-${statementMonth.slice(2, 4)}${statementMonth.slice(5, 7)}`;
}

/** A whole reference: the prefix and the month's sequence number, at least four digits. */
export function bookingReference(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(4, '0')}`;
}

/** Bookings per page: the default and the most. */
export const BOOKINGS_PAGE_SIZE = 20;
export const BOOKINGS_MAX_PAGE_SIZE = 100;

/** The list's status filter: one status, or every open one. */
export const BOOKING_STATUS_FILTERS = ['open', ...BOOKING_STATUSES] as const;
export const bookingStatusFilterSchema = z.enum(BOOKING_STATUS_FILTERS);
export type BookingStatusFilter = z.infer<typeof bookingStatusFilterSchema>;

/** The statuses a status filter lets through. */
export function bookingStatusesOf(filter: BookingStatusFilter): readonly BookingStatus[] {
  return filter === 'open' ? OPEN_BOOKING_STATUSES : [filter];
}

/** A moment of a from/to filter: an ISO date-time, or a date (its midnight in UTC). */
const momentSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/**
 * `GET /api/emergency/bookings`: newest first, or `order=queue` for the dispatch queue (most urgent
 * first, then oldest first). `from` is inclusive and `to` exclusive, on the booking time.
 */
export const bookingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BOOKINGS_MAX_PAGE_SIZE).default(BOOKINGS_PAGE_SIZE),
  cursor: z.string().min(1).max(500).optional(),
  status: bookingStatusFilterSchema.optional(),
  service: emergencyServiceIdSchema.optional(),
  urgency: urgencySchema.optional(),
  city: cityKeySchema.optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
  order: z.enum(['newest', 'queue']).default('newest'),
  /** `me`: only the caller's own bookings, whatever the caller's role. */
  owner: z.enum(['me']).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** A page of bookings; `nextCursor` asks for the next one, null on the last. */
export const bookingPageSchema = z
  .object({ items: z.array(bookingSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BookingPage' });
export type BookingPage = z.infer<typeof bookingPageSchema>;

/**
 * `GET /api/emergency/bookings/summary?city=`: the open bookings, in all and per status, of the
 * caller (or, for operations staff, of the city). Only open ones: they are what a person follows
 * and a dispatcher works through, and counting them stays cheap however many bookings are served.
 */
export const bookingSummarySchema = z
  .object({
    open: z.number().int().nonnegative(),
    byStatus: z.object({
      pending_payment: z.number().int().nonnegative(),
      confirmed: z.number().int().nonnegative(),
      dispatched: z.number().int().nonnegative(),
      in_progress: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'BookingSummary' });
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const bookingSummaryQuerySchema = z.object({ city: cityKeySchema.optional() });

const noteField = optionalText(BOOKING_NOTE_MAX_LENGTH);

/** `POST /api/emergency/bookings/:id/confirm|start|complete|cancel` body: an optional note. */
export const bookingTransitionSchema = z
  .object({ note: noteField })
  .meta({ id: 'BookingTransition' });
export type BookingTransition = z.infer<typeof bookingTransitionSchema>;

/** `POST /api/emergency/bookings/:id/dispatch` body: the unit sent and its ETA, and a note. */
export const dispatchBookingSchema = z
  .object({
    note: noteField,
    unit: optionalText(BOOKING_UNIT_MAX_LENGTH),
    etaMinutes: blankAsAbsent(
      z
        .number()
        .int('must be a whole number of minutes')
        .min(1, 'must be at least 1 minute')
        .max(BOOKING_ETA_MAX_MINUTES, `must be at most ${BOOKING_ETA_MAX_MINUTES} minutes`),
    ),
  })
  .meta({ id: 'DispatchBooking' });
export type DispatchBooking = z.infer<typeof dispatchBookingSchema>;

/** Live `booking:created` and `booking:updated`: the booking as the HTTP answers carry it. */
export const bookingEventSchema = bookingSchema;
