import { ALERT_ENDPOINTS } from '@smart-city/shared';
import type { AlertAction } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, request } from '../../lib/api-client';
import { refreshAlertHistory } from './alert-history-query';
import { patchCachedAlert, refreshAlertLists } from './alerts-query';

interface AlertTransitionInput {
  alertId: string;
  action: AlertAction;
  /** Sent only when the operator wrote one. */
  note: string;
}

/** POST /api/alerts/:id/acknowledge|resolve|dismiss with an optional note. */
async function postAlertTransition({ alertId, action, note }: AlertTransitionInput) {
  const body = note.trim() === '' ? {} : { note: note.trim() };
  return request(ALERT_ENDPOINTS[action], { params: { id: alertId }, body });
}

/**
 * Acknowledges, resolves or dismisses one alert. On success the alert changes in place at once and
 * the lists, counts and its history load again; a refusal (409: someone else moved it first)
 * refreshes them too, so the screen shows where the alert really is.
 */
export function useAlertTransition() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: postAlertTransition,
    onSuccess: async (alert, { action }) => {
      patchCachedAlert(queryClient, alert);
      toast.success(t(`alerts.done.${action}`), { id: `alert-${action}-${alert.id}` });
      await Promise.all([
        refreshAlertLists(queryClient),
        refreshAlertHistory(queryClient, alert.id),
      ]);
    },
    onError: async (error, { alertId }) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        await Promise.all([
          refreshAlertLists(queryClient),
          refreshAlertHistory(queryClient, alertId),
        ]);
      }
    },
  });
}
