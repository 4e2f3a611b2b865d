import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { REPORTS_QUERY_KEY } from './report-query';

/** GET /api/reports/:id/context: the sensors near a report and their active alerts. */
export function useReportContext(id: string) {
  return useQuery({
    queryKey: [...REPORTS_QUERY_KEY, 'context', id] as const,
    queryFn: ({ signal }) => request(REPORT_ENDPOINTS.context, { params: { id } }, { signal }),
  });
}
