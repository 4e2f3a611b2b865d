import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { applyFollow, useReportViewer } from './report-query';

/** POST /api/reports/:id/follow: the signed-in person adds their voice to a report. */
export function useFollowReport() {
  const queryClient = useQueryClient();
  const viewer = useReportViewer();
  return useMutation({
    mutationFn: (id: string) => request(REPORT_ENDPOINTS.follow, { params: { id } }),
    onSuccess: (answer, id) => applyFollow(queryClient, id, viewer, answer),
  });
}
