import { REPORT_ENDPOINTS } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { applyFollow, useReportViewer } from './report-query';

/** POST /api/reports/:id/unfollow: the signed-in person stops following a report. */
export function useUnfollowReport() {
  const queryClient = useQueryClient();
  const viewer = useReportViewer();
  return useMutation({
    mutationFn: (id: string) => request(REPORT_ENDPOINTS.unfollow, { params: { id } }),
    onSuccess: (answer, id) => applyFollow(queryClient, id, viewer, answer),
  });
}
