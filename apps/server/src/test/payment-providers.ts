import type { BillingService } from '../features/billing/billing.service';
import { municipalAccountProvider } from '../features/payments/municipal-account.provider';
import type { PaymentProvider } from '../features/payments/payments.service';

/** The reason the declining provider gives. */
export const DECLINED_REASON = 'The account is on hold';

/** A provider for the municipal account method that refuses every payment and charges nothing. */
export function decliningPaymentProvider(): PaymentProvider[] {
  return [
    {
      method: 'municipal_account',
      displayName: 'Declining test provider',
      pay: async () => ({ status: 'failed', reason: DECLINED_REASON }),
      capture: async () => ({ chargedPaise: 0 }),
      settle: async () => {},
    },
  ];
}

/**
 * The municipal account, except that a new booking waits for operations to confirm it (as with a
 * provider that sends the person to pay elsewhere): confirming charges the statement.
 */
export function waitingPaymentProvider(billing: BillingService): PaymentProvider[] {
  const municipal = municipalAccountProvider(billing);
  return [
    {
      ...municipal,
      displayName: 'Waiting test provider',
      pay: async () => ({ status: 'pending' }),
    },
  ];
}
