import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, ReportCategory, ReportStatus } from '@smart-city/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-query';

/** Reports a page of the tracker holds: a phone's screenful or two, and a map of them. */
const REPORT_PAGE_SIZE = 20;

/** What the tracker asks for; null leaves a filter out. */
export interface ReportListFilters {
  city: CityKey | null;
  status: ReportStatus | null;
  category: ReportCategory | null;
}

function reportPagesQueryOptions(filters: ReportListFilters) {
  return infiniteQueryOptions({
    queryKey: [...REPORTS_QUERY_KEY, 'list', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request(
        REPORT_ENDPOINTS.list,
        {
          query: {
            city: filters.city ?? undefined,
            status: filters.status ?? undefined,
            category: filters.category ?? undefined,
            limit: REPORT_PAGE_SIZE,
            cursor: pageParam ?? undefined,
          },
        },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The public tracker's reports, newest first, a page at a time. */
export function useReportPages(filters: ReportListFilters) {
  return useInfiniteQuery(reportPagesQueryOptions(filters));
}
