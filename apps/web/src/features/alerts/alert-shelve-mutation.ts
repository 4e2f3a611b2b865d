import { ALERT_ENDPOINTS } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, request } from '../../lib/api-client';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { refreshAlertHistory } from './alert-history-query';
import { alertQueryKey, patchAlertDetail } from './alert-query';
import { patchCachedAlert, refreshAlertLists } from './alerts-query';

interface ShelveInput {
  alertId: string;
  minutes: number;
  reason: string;
}

/** POST /api/alerts/:id/shelve: for how long, and why. */
async function postShelve({ alertId, minutes, reason }: ShelveInput) {
  return request(ALERT_ENDPOINTS.shelve, {
    params: { id: alertId },
    body: { minutes, reason: reason.trim() },
  });
}

/** POST /api/alerts/:id/unshelve. */
async function postUnshelve(alertId: string) {
  return request(ALERT_ENDPOINTS.unshelve, { params: { id: alertId } });
}

/** The answer's alert in place at once; the lists (it moves between them), counts and history again. */
async function settle(queryClient: QueryClient, alert: Alert) {
  patchCachedAlert(queryClient, alert);
  patchAlertDetail(queryClient, alert);
  await Promise.all([refreshAlertLists(queryClient), refreshAlertHistory(queryClient, alert.id)]);
}

/** A refusal (409: someone else ended it or its shelve first) shows where the alert really is. */
async function refreshAfterConflict(queryClient: QueryClient, error: Error, alertId: string) {
  if (error instanceof ApiRequestError && error.status === 409) {
    await Promise.all([
      refreshAlertLists(queryClient),
      refreshAlertHistory(queryClient, alertId),
      queryClient.invalidateQueries({ queryKey: alertQueryKey(alertId) }),
    ]);
  }
}

/** Shelves an alert; the answer is a toast, and the alert moves to the shelved list. */
export function useShelveAlert() {
  const queryClient = useQueryClient();
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  return useMutation({
    mutationFn: postShelve,
    onSuccess: async (alert) => {
      toast.success(t('shelve.done'), { id: `alert-shelve-${alert.id}` });
      await settle(queryClient, alert);
    },
    onError: (error, { alertId }) => refreshAfterConflict(queryClient, error, alertId),
  });
}

/** Ends an alert's shelve before its time; it is back in the active list. */
export function useUnshelveAlert() {
  const queryClient = useQueryClient();
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  return useMutation({
    mutationFn: postUnshelve,
    onSuccess: async (alert) => {
      toast.success(t('shelve.undone'), { id: `alert-unshelve-${alert.id}` });
      await settle(queryClient, alert);
    },
    onError: (error, alertId) => refreshAfterConflict(queryClient, error, alertId),
  });
}
