import { ALERT_ENDPOINTS, bySeverityThenNewest } from '@smart-city/shared';
import type { Alert, CityKey } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';

/** The wall lists at most this many active alerts: more than any screen has room for. */
export const WALL_ALERTS_LIMIT = 50;

/** The one cache key of a city's active alerts, the worst first. */
export function activeAlertsQueryKey(city: CityKey) {
  return [...ALERTS_QUERY_KEY, 'active-by-severity', city] as const;
}

/** GET /api/alerts?status=active&order=severity: open and acknowledged, critical first, then newest. */
function fetchActiveAlerts(city: CityKey, signal?: AbortSignal): Promise<Alert[]> {
  return request(
    ALERT_ENDPOINTS.list,
    { query: { city, status: 'active', order: 'severity', limit: WALL_ALERTS_LIMIT } },
    { signal },
  );
}

function activeAlertsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: activeAlertsQueryKey(city),
    queryFn: ({ signal }) => fetchActiveAlerts(city, signal),
  });
}

/**
 * The city's active alerts as the server orders them, kept current by the live alert events
 * (`wallLive`): older active alerts than the newest fifty still count, unlike the dashboard's list.
 */
export function useActiveAlertsBySeverity(city: CityKey) {
  return useQuery({ ...activeAlertsQueryOptions(city), select: worstFirst });
}

// The server already answers in this order; sorting again keeps the column right whatever patched
// the cache.
function worstFirst(alerts: Alert[]): Alert[] {
  return alerts.toSorted(bySeverityThenNewest);
}
