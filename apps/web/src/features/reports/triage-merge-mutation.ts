import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { refreshTriagedReports } from './triage-queue-query';

/**
 * POST /api/reports/:id/merge: closes a duplicate into the report it repeats, which answers. Both
 * reports, the queue and the duplicates nearby are read again either way.
 */
export function useMergeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, into }: { id: string; into: string }) =>
      request(REPORT_ENDPOINTS.merge, { params: { id }, body: { into } }),
    onSettled: () => refreshTriagedReports(queryClient),
  });
}
