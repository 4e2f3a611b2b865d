import { ALERT_ENDPOINTS } from '@smart-city/shared';
import type { Alert, CityKey } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { replaceAlert } from '../../lib/alerts/recent-alerts.live';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';
import { request } from '../../lib/api-client';
import { patchQueries } from '../../lib/live/patch-query';
import type { AlertFilters, StatusChoice } from './alert-filters';
import { type AlertNarrowing } from './alert-narrowing';

/** The root of the screen's filtered lists. */
const LIST_KEY = [...ALERTS_QUERY_KEY, 'list'] as const;

/** The root of the screen's counts (see alert-counts-query.ts). */
export const ALERT_COUNTS_KEY = [...ALERTS_QUERY_KEY, 'counts'] as const;

/** Alerts per page, and the most the server lists at once. */
export const ALERTS_PAGE_SIZE = 50;
export const ALERTS_MAX_LIMIT = 500;

export interface AlertListRequest extends AlertFilters {
  city: CityKey;
  limit: number;
  /** The narrowing filters of a link (the alarm KPIs'), if any. */
  narrowing?: AlertNarrowing;
}

/** The filters whose alerts are all active: their list puts the worst first, then the newest. */
const ACTIVE_CHOICES: readonly StatusChoice[] = ['active', 'open', 'acknowledged', 'shelved'];

/**
 * GET /api/alerts for the screen's filters ("active" is open and acknowledged, as one list). Active
 * alerts come the worst first, then the newest; a list with resolved or dismissed ones, newest first.
 */
function fetchAlerts(list: AlertListRequest, signal?: AbortSignal) {
  return request(
    ALERT_ENDPOINTS.list,
    {
      query: {
        city: list.city,
        limit: list.limit,
        status: list.status === 'all' ? undefined : list.status,
        order: ACTIVE_CHOICES.includes(list.status) ? 'severity' : undefined,
        severity: list.severity === 'all' ? undefined : list.severity,
        q: list.q || undefined,
        assignee: list.assignee === 'all' ? undefined : list.assignee,
        ...list.narrowing,
      },
    },
    { signal },
  );
}

function alertsQueryOptions(request: AlertListRequest) {
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

/** The copy of an alert the screen's cached lists hold, if any list holds it. */
export function findListedAlert(queryClient: QueryClient, id: string): Alert | undefined {
  for (const [, list] of queryClient.getQueriesData<Alert[]>({ queryKey: LIST_KEY })) {
    const found = list?.find((alert) => alert.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Puts a newer copy of an alert into every cached list that holds it (nothing is refetched). */
export function patchCachedAlert(queryClient: QueryClient, alert: Alert) {
  patchQueries<Alert[]>(queryClient, LIST_KEY, (list) => replaceAlert(list, alert));
}

/** Marks the lists and counts stale: the ones on screen load again. */
export function refreshAlertLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: ALERT_COUNTS_KEY }),
  ]);
}
