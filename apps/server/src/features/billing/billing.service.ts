import {
  CURRENCY,
  EMERGENCY_SERVICE_IDS,
  TOP_ACCOUNTS,
  URGENCIES,
  emergencyServiceIdSchema,
  urgencySchema,
  type BillingOverview,
  type EmergencyServiceId,
  type Statement,
  type StatementLine,
  type Urgency,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, StatementChargeRow } from '../../db/schema';
import { monthIn } from '../../lib/month';
import {
  deleteCharge,
  listCharges,
  sumChargesByServiceAndUrgency,
  topChargedAccounts,
  upsertCharge,
} from './billing.repository';

/** One booking's line on its owner's statement. */
export type StatementCharge = {
  bookingId: string;
  account: { id: string; name: string; email: string };
  city: string;
  /** The statement it belongs on, 'YYYY-MM'. */
  month: string;
  kind: StatementLine['kind'];
  label: string;
  service: EmergencyServiceId;
  urgency: Urgency;
  amountPaise: number;
  bookedAt: Date;
};

function presentLine(row: StatementChargeRow): StatementLine {
  return {
    bookingId: row.booking_id,
    label: row.label,
    amountPaise: row.amount_paise,
    kind: row.kind === 'cancellation_fee' ? 'cancellation_fee' : 'booking',
    service: emergencyServiceIdSchema.parse(row.service),
    urgency: urgencySchema.parse(row.urgency),
    bookedAt: new Date(row.booked_at).toISOString(),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** Monthly statements of the municipal account: what each person's bookings cost, month by month. */
export function createBillingService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db } = deps;

  return {
    /** This month, in UTC: the statement shown when none is asked for. */
    currentMonth(): string {
      return monthIn(deps.now(), 'UTC');
    },

    /** Puts a booking's charge on its owner's statement, or changes it, inside the booking's transaction. */
    async charge(trx: Transaction<Database>, charge: StatementCharge): Promise<void> {
      const now = deps.now();
      await upsertCharge(trx, {
        booking_id: charge.bookingId,
        user_id: charge.account.id,
        account_name: charge.account.name,
        account_email: charge.account.email,
        city_key: charge.city,
        month: charge.month,
        kind: charge.kind,
        label: charge.label,
        service: charge.service,
        urgency: charge.urgency,
        amount_paise: charge.amountPaise,
        booked_at: charge.bookedAt,
        updated_at: now,
      });
    },

    /** Takes a booking off its owner's statement: it costs nothing. */
    async removeCharge(trx: Transaction<Database>, bookingId: string): Promise<void> {
      await deleteCharge(trx, bookingId);
    },

    /** A person's statement of one month: one line per charged booking, and their sum. */
    async statement(userId: string, month: string): Promise<Statement> {
      const lines = (await listCharges(db, userId, month)).map(presentLine);
      return {
        month,
        lines,
        totalPaise: lines.reduce((sum, line) => sum + line.amountPaise, 0),
        currency: CURRENCY,
      };
    },

    /** The month's revenue, its charged bookings per service and urgency, and the top accounts. */
    async overview(month: string): Promise<BillingOverview> {
      const [groups, top] = await Promise.all([
        sumChargesByServiceAndUrgency(db, month),
        topChargedAccounts(db, month, TOP_ACCOUNTS),
      ]);
      const zero = () => ({ bookings: 0, revenuePaise: 0 });
      const byService = new Map(EMERGENCY_SERVICE_IDS.map((s) => [s as string, zero()]));
      const byUrgency = new Map(URGENCIES.map((u) => [u as string, zero()]));
      for (const group of groups) {
        for (const figures of [byService.get(group.service), byUrgency.get(group.urgency)]) {
          if (!figures) continue;
          figures.bookings += group.bookings;
          figures.revenuePaise += Number(group.revenue);
        }
      }
      const sum = (key: 'bookings' | 'revenuePaise') =>
        [...byService.values()].reduce((total, figures) => total + figures[key], 0);
      return {
        month,
        currency: CURRENCY,
        revenuePaise: sum('revenuePaise'),
        chargedBookings: sum('bookings'),
        byService: EMERGENCY_SERVICE_IDS.map((service) => ({
          service,
          ...byService.get(service)!,
        })),
        byUrgency: URGENCIES.map((urgency) => ({ urgency, ...byUrgency.get(urgency)! })),
        topAccounts: top.map((row) => ({
          userId: row.user_id,
          name: row.name,
          email: row.email,
          bookings: row.bookings,
          revenuePaise: Number(row.revenue),
        })),
      };
    },
  };
}
