import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { ReportDetail } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, request } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { MY_REPORTS_QUERY_KEY } from './my-reports-query';

/** The root of the reports' cache keys. */
export const REPORTS_QUERY_KEY = ['reports'] as const;

/** Who is looking: a report's answer says whether they follow it, so each has an entry of their own. */
export function useReportViewer(): string {
  return useAuth().user?.id ?? 'visitor';
}

/** One report as one viewer sees it. */
export function reportQueryKey(id: string, viewer: string) {
  return [...REPORTS_QUERY_KEY, 'one', id, viewer] as const;
}

/** GET /api/reports/:id; null when there is no such report, any other failure thrown. */
function reportQueryOptions(id: string, viewer: string) {
  return queryOptions({
    queryKey: reportQueryKey(id, viewer),
    queryFn: async ({ signal }): Promise<ReportDetail | null> => {
      try {
        return await request(REPORT_ENDPOINTS.get, { params: { id } }, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** One report with its timeline, and whether the signed-in person follows it. */
export function useReport(id: string) {
  return useQuery(reportQueryOptions(id, useReportViewer()));
}

/**
 * What a follow or an unfollow answered: the report shows the new count at once, and the lists
 * that show counts, or the person's own reports, are read again.
 */
export function applyFollow(
  queryClient: QueryClient,
  id: string,
  viewer: string,
  answer: { following: boolean; followers: number },
): Promise<void> {
  queryClient.setQueryData<ReportDetail | null>(reportQueryKey(id, viewer), (report) =>
    report ? { ...report, ...answer } : report,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_REPORTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, 'list'] }),
  ]).then(() => undefined);
}
