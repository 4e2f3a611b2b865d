import { STAFF_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/**
 * GET /api/staff: the operators and admins, to assign an alert or a report to, or to mention in an
 * alert's thread.
 */
const staffQueryOptions = queryOptions({
  queryKey: ['staff'] as const,
  queryFn: ({ signal }) => request(STAFF_ENDPOINTS.list, {}, { signal }),
  // Accounts change rarely; a screen opened again need not ask at once.
  staleTime: 5 * 60_000,
  select: (list) => list.items,
});

export function useStaff(enabled: boolean) {
  return useQuery({ ...staffQueryOptions, enabled });
}
