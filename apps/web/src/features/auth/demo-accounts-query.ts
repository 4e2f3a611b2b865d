import { demoAccountListSchema, ROLES } from '@smart-city/shared';
import type { DemoAccountList, Role } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

export const DEMO_ACCOUNTS_PATH = '/api/auth/demo-accounts';

export type DemoAccountSummary = DemoAccountList['accounts'][number];

/** GET /api/auth/demo-accounts: whether the server offers demo accounts, and which. */
export const demoAccountsQueryOptions = queryOptions({
  queryKey: ['demo-accounts'],
  queryFn: ({ signal }) => apiGet(DEMO_ACCOUNTS_PATH, demoAccountListSchema, signal),
});

export function useDemoAccounts() {
  return useQuery(demoAccountsQueryOptions);
}

/** The username the citizen button signs in as (demo@smartcity.local). */
const PREFERRED_CITIZEN = 'demo';

/** One account per role, in the order admin, operator, citizen; roles without an account are left out. */
export function demoChoices(
  accounts: readonly DemoAccountSummary[],
): { role: Role; account: DemoAccountSummary }[] {
  return ROLES.flatMap((role) => {
    const ofRole = accounts.filter((account) => account.role === role);
    const account =
      (role === 'citizen' ? ofRole.find((a) => a.username === PREFERRED_CITIZEN) : undefined) ??
      ofRole[0];
    return account ? [{ role, account }] : [];
  });
}
