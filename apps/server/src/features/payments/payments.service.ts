import type { EmergencyServiceId, PaymentMethod, StatementLine, Urgency } from '@smart-city/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** What a payment provider knows of a booking. */
export type PaymentBooking = {
  id: string;
  owner: { id: string; name: string; email: string };
  city: string;
  service: EmergencyServiceId;
  urgency: Urgency;
  /** How the booking reads on a statement or a receipt, e.g. "Ambulance Service, high urgency". */
  label: string;
  totalPaise: number;
  /** The statement month it belongs on, 'YYYY-MM' in the city's time zone. */
  statementMonth: string;
  bookedAt: Date;
};

/**
 * What taking payment came to: paid (or charged to an account) for `chargedPaise`; refused, with a
 * reason the person may read; or still open, to be confirmed later (a provider that sends the
 * person to pay elsewhere).
 */
type PaymentOutcome =
  | { status: 'confirmed'; chargedPaise: number }
  | { status: 'failed'; reason: string }
  | { status: 'pending' };

/**
 * A way to pay for a booking. Each call runs inside the booking's transaction, so a booking and its
 * payment are stored together or not at all; a provider that talks to the outside world would
 * record its intent here and confirm later.
 */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Who the booking history names for what the provider did. */
  readonly displayName: string;
  /** Takes payment for a booking just stored. */
  pay(trx: Transaction<Database>, booking: PaymentBooking): Promise<PaymentOutcome>;
  /** Operations confirm a booking whose payment was still open; returns what is now charged. */
  capture(trx: Transaction<Database>, booking: PaymentBooking): Promise<{ chargedPaise: number }>;
  /**
   * A cancelled booking now costs `amountPaise` (0: nothing at all), as a charge of `kind`:
   * refunds, or charges the fee a late cancellation costs.
   */
  settle(
    trx: Transaction<Database>,
    booking: PaymentBooking,
    charge: { amountPaise: number; kind: StatementLine['kind'] },
  ): Promise<void>;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * The payment providers, one per payment method. Bookings ask for the provider of a booking's
 * method and never know which it is, so a provider is added (or swapped, as the tests swap in one
 * that declines) here and in the wiring alone.
 */
export function createPaymentsService(providers: readonly PaymentProvider[]) {
  const byMethod = new Map(providers.map((provider) => [provider.method, provider]));
  return {
    /** The provider of a payment method; throws when none is set up (a wiring mistake). */
    providerFor(method: PaymentMethod): PaymentProvider {
      const provider = byMethod.get(method);
      if (!provider) throw new Error(`No payment provider for "${method}"`);
      return provider;
    },
  };
}
