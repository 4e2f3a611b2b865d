import type { BillingService } from '../billing/billing.service';
import type { PaymentBooking, PaymentProvider } from './payments.service';

function chargeOf(booking: PaymentBooking) {
  return {
    bookingId: booking.id,
    account: booking.owner,
    city: booking.city,
    month: booking.statementMonth,
    service: booking.service,
    urgency: booking.urgency,
    bookedAt: booking.bookedAt,
  };
}

/**
 * The built-in provider: the person's municipal account, postpaid. A booking is confirmed at once
 * and its total goes on the owner's statement of the booking's month; a cancellation changes the
 * line or takes it off.
 */
export function municipalAccountProvider(billing: BillingService): PaymentProvider {
  async function chargeTotal(trx: Parameters<PaymentProvider['pay']>[0], booking: PaymentBooking) {
    await billing.charge(trx, {
      ...chargeOf(booking),
      kind: 'booking',
      label: booking.label,
      amountPaise: booking.totalPaise,
    });
    return booking.totalPaise;
  }

  return {
    method: 'municipal_account',
    displayName: 'Municipal account',
    async pay(trx, booking) {
      return { status: 'confirmed', chargedPaise: await chargeTotal(trx, booking) };
    },
    async capture(trx, booking) {
      return { chargedPaise: await chargeTotal(trx, booking) };
    },
    async settle(trx, booking, { amountPaise, kind }) {
      if (amountPaise === 0) {
        await billing.removeCharge(trx, booking.id);
        return;
      }
      await billing.charge(trx, {
        ...chargeOf(booking),
        kind,
        label:
          kind === 'cancellation_fee'
            ? `${booking.label}, cancelled after dispatch: base fee and GST`
            : booking.label,
        amountPaise,
      });
    },
  };
}
