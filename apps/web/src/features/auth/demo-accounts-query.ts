import { AUTH_ADDRESSES, isRole, ROLES } from '@smart-city/shared';
import type { DemoAccountList, Role } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerCheck, isRecord } from '../../lib/answer-checks';
import { requestAt } from '../../lib/api-client';

export type DemoAccountSummary = DemoAccountList['accounts'][number];

function isDemoAccount(value: unknown): value is DemoAccountSummary {
  return (
    isRecord(value) &&
    typeof value.username === 'string' &&
    typeof value.email === 'string' &&
    typeof value.displayName === 'string' &&
    isRole(value.role)
  );
}

const demoAccountList = answerCheck(
  'a list of demo accounts',
  (data): data is DemoAccountList =>
    isRecord(data) &&
    typeof data.enabled === 'boolean' &&
    Array.isArray(data.accounts) &&
    data.accounts.every(isDemoAccount),
);

/** Whether the server offers demo accounts, and which. */
const demoAccountsQueryOptions = queryOptions({
  queryKey: ['demo-accounts'],
  queryFn: ({ signal }) =>
    requestAt(AUTH_ADDRESSES.demoAccounts, {}, { signal, check: demoAccountList }),
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
