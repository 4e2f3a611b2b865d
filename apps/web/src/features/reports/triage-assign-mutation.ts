import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { ReportDepartment } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { refreshTriagedReports } from './triage-queue-query';

/** What an assignment names: the report, its department, and one of its staff or nobody. */
interface ReportAssignment {
  id: string;
  department: ReportDepartment;
  assigneeId: string | null;
}

/**
 * POST /api/reports/:id/assign. Whether it worked or not (a report that ended meanwhile answers
 * 409), the queue and the report are read again.
 */
export function useAssignReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, department, assigneeId }: ReportAssignment) =>
      request(REPORT_ENDPOINTS.assign, { params: { id }, body: { department, assigneeId } }),
    onSettled: () => refreshTriagedReports(queryClient),
  });
}
