import { alertListSchema } from '@smart-city/shared';
import type { Alert, CityKey } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import type { AlertFilters } from './alert-filters';

/** Every query of the Alerts screen starts with this key, so one call refreshes them all. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;
const LIST_KEY = [...ALERTS_QUERY_KEY, 'list'] as const;

/** Alerts per page, and the most the server lists at once. */
export const ALERTS_PAGE_SIZE = 50;
export const ALERTS_MAX_LIMIT = 500;

export interface AlertListRequest extends AlertFilters {
  city: CityKey;
  limit: number;
}

/** GET /api/alerts for the screen's filters ("active" is open and acknowledged, as one list). */
export function fetchAlerts(request: AlertListRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ city: request.city, limit: String(request.limit) });
  if (request.status !== 'all') params.set('status', request.status);
  if (request.severity !== 'all') params.set('severity', request.severity);
  if (request.q) params.set('q', request.q);
  return apiGet(`/api/alerts?${params.toString()}`, alertListSchema, signal);
}

export function alertsQueryOptions(request: AlertListRequest) {
  return queryOptions({
    queryKey: [...LIST_KEY, request] as const,
    queryFn: ({ signal }) => fetchAlerts(request, signal),
    // A new filter keeps the previous list on screen until its own arrives, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useAlerts(request: AlertListRequest) {
  return useQuery(alertsQueryOptions(request));
}

/** Puts a newer copy of an alert into every cached list that holds it (nothing is refetched). */
export function patchCachedAlert(queryClient: QueryClient, alert: Alert) {
  queryClient.setQueriesData<Alert[]>({ queryKey: LIST_KEY }, (list) =>
    list?.some((item) => item.id === alert.id)
      ? list.map((item) => (item.id === alert.id ? alert : item))
      : list,
  );
}

/** Marks the lists and counts stale: the ones on screen load again. */
export function refreshAlertLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: ALERTS_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== 'history',
  });
}
