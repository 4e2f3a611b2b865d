import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { CityKey } from '@smart-city/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-query';
import type { TriageFilters } from './triage-filters';

/** Reports a page of the queue holds: a shift's first look, and a map of them. */
const TRIAGE_PAGE_SIZE = 25;

function triageQueueQueryOptions(city: CityKey, filters: TriageFilters) {
  return infiniteQueryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'queue', city, filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(
        REPORT_ENDPOINTS.queue,
        {
          query: {
            city,
            status: filters.status,
            category: filters.category === 'all' ? undefined : filters.category,
            department: filters.department === 'all' ? undefined : filters.department,
            overdue: filters.overdue ? 'true' : undefined,
            limit: TRIAGE_PAGE_SIZE,
            cursor: pageParam ?? undefined,
          },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A city's reports to triage, the earliest deadline first, a page at a time. */
export function useTriageQueue(city: CityKey, filters: TriageFilters) {
  return useInfiniteQuery(triageQueueQueryOptions(city, filters));
}

/**
 * After an assignment, a status change or a merge: the queue, each report's page and timeline,
 * the public tracker and the possible duplicates are read again, so the list, the panel and the
 * map show the report where it now stands. The sensors and alerts nearby are not the report's.
 */
export async function refreshTriagedReports(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    (['queue', 'one', 'list', 'nearby'] as const).map((part) =>
      queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, part] }),
    ),
  );
}
