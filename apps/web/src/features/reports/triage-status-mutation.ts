import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { ReportStatus } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { refreshTriagedReports } from './triage-queue-query';

/** A report's next status, with the note a closed or rejected one needs. */
interface ReportStatusChange {
  id: string;
  status: ReportStatus;
  note?: string;
}

/**
 * POST /api/reports/:id/status. Whether it worked or not (a report moved on meanwhile answers
 * 409), the queue and the report are read again.
 */
export function useChangeReportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: ReportStatusChange) =>
      request(REPORT_ENDPOINTS.setStatus, { params: { id }, body: { status, note } }),
    onSettled: () => refreshTriagedReports(queryClient),
  });
}
