import { BILLING_ENDPOINTS } from '@smart-city/shared';
import type { BillingOverview } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { STATEMENTS_KEY } from './emergency-keys';

/** GET /api/billing/overview?month= (admin): the month's revenue, bookings and top accounts. */
function fetchBillingOverview(month: string, signal?: AbortSignal): Promise<BillingOverview> {
  return request(BILLING_ENDPOINTS.overview, { query: { month } }, { signal });
}

function billingOverviewQueryOptions(month: string) {
  return queryOptions({
    // Under the statements' root: whatever changes a statement changes the overview.
    queryKey: [...STATEMENTS_KEY, 'overview', month] as const,
    queryFn: ({ signal }) => fetchBillingOverview(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBillingOverview(month: string) {
  return useQuery(billingOverviewQueryOptions(month));
}
