import { ALERT_ENDPOINTS } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, request } from '../../lib/api-client';
import { refreshAlertHistory } from './alert-history-query';
import { alertQueryKey, patchAlertDetail } from './alert-query';
import { patchCachedAlert, refreshAlertLists } from './alerts-query';

/**
 * POST /api/alerts/:id/assign: takes the alert, gives it to someone, or hands it back (null). The
 * alert changes in place at once; the lists (mine, unassigned) and its timeline load again.
 */
export function useAssignAlert(alertId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assigneeId: string | null) =>
      request(ALERT_ENDPOINTS.assign, { params: { id: alertId }, body: { assigneeId } }),
    onSuccess: async (alert) => {
      patchAlertDetail(queryClient, alert);
      patchCachedAlert(queryClient, alert);
      await Promise.all([
        refreshAlertLists(queryClient),
        refreshAlertHistory(queryClient, alertId),
      ]);
    },
    onError: async (error) => {
      // Someone closed it meanwhile: show where it really is.
      if (error instanceof ApiRequestError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: alertQueryKey(alertId) });
      }
    },
  });
}
