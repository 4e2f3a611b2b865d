import { REPORT_ENDPOINTS } from '@smart-city/shared';
import type { ReportCreate } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { request } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { MY_REPORTS_QUERY_KEY } from './my-reports-query';
import { reportQueryKey, REPORTS_QUERY_KEY, useReportViewer } from './report-query';

/**
 * Sends a report. The same body sent again (a double tap, a retry after the connection dropped)
 * goes with the same Idempotency-Key, so the server makes one report; a changed body gets a new
 * key. The report goes into the cache before anyone navigates to it.
 */
export function useCreateReport() {
  const queryClient = useQueryClient();
  const viewer = useReportViewer();
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: ReportCreate) => {
      const serialised = JSON.stringify(body);
      if (lastAttempt.current?.body !== serialised) {
        lastAttempt.current = { body: serialised, key: newIdempotencyKey() };
      }
      return request(
        REPORT_ENDPOINTS.create,
        { body },
        { headers: { 'Idempotency-Key': lastAttempt.current.key } },
      );
    },
    onSuccess: (report) => {
      queryClient.setQueryData(reportQueryKey(report.id, viewer), report);
      void queryClient.invalidateQueries({ queryKey: MY_REPORTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, 'list'] });
    },
  });
}
