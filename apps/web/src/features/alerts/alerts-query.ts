import { alertListSchema } from '@smart-city/shared';
import type { Alert, AlertStatus, CityKey } from '@smart-city/shared';
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

function listPath(request: AlertListRequest, status: AlertStatus | null): string {
  const params = new URLSearchParams({ city: request.city, limit: String(request.limit) });
  if (status) params.set('status', status);
  if (request.severity !== 'all') params.set('severity', request.severity);
  if (request.q) params.set('q', request.q);
  return `/api/alerts?${params.toString()}`;
}

/** The server's order: newest first, then by id. */
function newestFirst(a: Alert, b: Alert): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * GET /api/alerts for the screen's filters. The list takes one status at a time, so "active" asks
 * for the open and the acknowledged ones and keeps the newest `limit` of both, as one list would.
 */
export async function fetchAlerts(request: AlertListRequest, signal?: AbortSignal) {
  if (request.status === 'active') {
    const [open, acknowledged] = await Promise.all([
      apiGet(listPath(request, 'open'), alertListSchema, signal),
      apiGet(listPath(request, 'acknowledged'), alertListSchema, signal),
    ]);
    return [...open, ...acknowledged].sort(newestFirst).slice(0, request.limit);
  }
  const status = request.status === 'all' ? null : request.status;
  return apiGet(listPath(request, status), alertListSchema, signal);
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
