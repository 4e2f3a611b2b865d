import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { canViewBillingOverview } from './policies';
import { currencySchema, emergencyServiceIdSchema, urgencySchema } from './emergency';

/** A statement month, 'YYYY-MM'. */
export const statementMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, e.g. 2026-03');

/** `GET /api/billing/statement?month=` and `GET /api/billing/overview?month=`; this month by default. */
export const billingMonthQuerySchema = z.object({ month: statementMonthSchema.optional() });

/** What a statement line charges for: a booking, or the base fee of one cancelled after dispatch. */
export const STATEMENT_LINE_KINDS = ['booking', 'cancellation_fee'] as const;

/** One charged booking on a statement. */
export const statementLineSchema = z
  .object({
    bookingId: z.string(),
    label: z.string(),
    amountPaise: z.number().int().nonnegative(),
    kind: z.enum(STATEMENT_LINE_KINDS),
    service: emergencyServiceIdSchema,
    urgency: urgencySchema,
    /** When the booking was made. */
    bookedAt: z.iso.datetime(),
  })
  .meta({ id: 'StatementLine' });
export type StatementLine = z.infer<typeof statementLineSchema>;

/** A person's municipal account statement for one month: one line per charged booking. */
export const statementSchema = z
  .object({
    month: statementMonthSchema,
    lines: z.array(statementLineSchema),
    /** The sum of the lines, to the paisa. */
    totalPaise: z.number().int().nonnegative(),
    currency: currencySchema,
  })
  .meta({ id: 'Statement' });
export type Statement = z.infer<typeof statementSchema>;

const figuresShape = {
  bookings: z.number().int().nonnegative(),
  revenuePaise: z.number().int().nonnegative(),
};

/** The most accounts the overview ranks. */
export const TOP_ACCOUNTS = 10;

/** `GET /api/billing/overview?month=` (admin): what the month's charged bookings brought in. */
export const billingOverviewSchema = z
  .object({
    month: statementMonthSchema,
    currency: currencySchema,
    /** Every charge of the month, to the paisa. */
    revenuePaise: z.number().int().nonnegative(),
    /** Bookings with a charge on a statement of the month. */
    chargedBookings: z.number().int().nonnegative(),
    byService: z.array(z.object({ service: emergencyServiceIdSchema, ...figuresShape })),
    byUrgency: z.array(z.object({ urgency: urgencySchema, ...figuresShape })),
    /** The accounts charged most, most first (at most TOP_ACCOUNTS). */
    topAccounts: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        ...figuresShape,
      }),
    ),
  })
  .meta({ id: 'BillingOverview' });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const BILLING_ENDPOINTS = {
  statement: {
    method: 'get',
    path: '/api/billing/statement',
    summary:
      "The caller's municipal account statement of a month (this month in UTC by default): one line per charged booking",
    tags: ['Billing'],
    access: 'signed-in',
    query: billingMonthQuerySchema,
    status: 200,
    response: statementSchema,
    description: 'The statement; its total is the sum of its lines',
    errors: { 400: 'The month is not YYYY-MM' },
  },
  overview: {
    method: 'get',
    path: '/api/billing/overview',
    summary:
      "A month's revenue, charged bookings per service and urgency, and the accounts charged most (admin)",
    tags: ['Billing'],
    access: canViewBillingOverview,
    query: billingMonthQuerySchema,
    status: 200,
    response: billingOverviewSchema,
    description: 'The overview',
    errors: { 400: 'The month is not YYYY-MM', 403: 'Only admins see the overview' },
  },
} as const satisfies Record<string, Endpoint>;
