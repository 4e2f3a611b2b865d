import { ALERT_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';

function historyKey(alertId: string) {
  return [...ALERTS_QUERY_KEY, 'history', alertId] as const;
}

/** GET /api/alerts/:id/history: every change of one alert, oldest first. */
function alertHistoryQueryOptions(alertId: string) {
  return queryOptions({
    queryKey: historyKey(alertId),
    queryFn: ({ signal }) =>
      request(ALERT_ENDPOINTS.history, { params: { id: alertId } }, { signal }),
  });
}

export function useAlertHistory(alertId: string) {
  return useQuery(alertHistoryQueryOptions(alertId));
}

/** The alert changed: its history, if someone has it open, loads again. */
export function refreshAlertHistory(queryClient: QueryClient, alertId: string) {
  return queryClient.invalidateQueries({ queryKey: historyKey(alertId) });
}
