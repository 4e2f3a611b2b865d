import { ALERT_ENDPOINTS } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { replaceAlert } from '../../lib/alerts/recent-alerts.live';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';
import { request } from '../../lib/api-client';
import { patchQuery } from '../../lib/live/patch-query';

export function alertQueryKey(id: string) {
  return [...ALERTS_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/alerts/:id: one alert, for its own page. */
function alertQueryOptions(id: string) {
  return queryOptions({
    queryKey: alertQueryKey(id),
    queryFn: ({ signal }) => request(ALERT_ENDPOINTS.get, { params: { id } }, { signal }),
  });
}

export function useAlert(id: string) {
  return useQuery(alertQueryOptions(id));
}

/** Puts a newer copy of an alert on its page, if the page is open (an older one never wins). */
export function patchAlertDetail(queryClient: QueryClient, alert: Alert) {
  patchQuery<Alert>(
    queryClient,
    alertQueryKey(alert.id),
    (current) => replaceAlert([current], alert)[0]!,
  );
}

/** The alert as its page has it cached, if it is open. */
export function cachedAlert(queryClient: QueryClient, id: string): Alert | undefined {
  return queryClient.getQueryData<Alert>(alertQueryKey(id));
}
