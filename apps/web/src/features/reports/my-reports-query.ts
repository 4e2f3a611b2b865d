import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../lib/auth/account-query-key';

/** The signed-in person's reports: dropped with their session. */
export const MY_REPORTS_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'reports', 'mine'] as const;

const myReportsQueryOptions = queryOptions({
  queryKey: MY_REPORTS_QUERY_KEY,
  queryFn: ({ signal }) => request(REPORT_ENDPOINTS.mine, {}, { signal }),
});

/** What the signed-in person reported or follows, newest first. */
export function useMyReports() {
  return useQuery(myReportsQueryOptions);
}
