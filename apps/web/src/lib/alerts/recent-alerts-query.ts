import {
  ACTIVE_ALERT_STATUSES,
  ALERT_ENDPOINTS,
  bySeverityThenNewest,
  isSetAside,
  MAX_LIVE_ALERTS,
} from '@smart-city/shared';
import type { Alert, AlertStatus, CityKey } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** The root of every alert query: this list, and the Alerts screen's lists, counts and histories. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** The one cache key of a city's newest alerts. */
export function recentAlertsQueryKey(city: CityKey) {
  return [...ALERTS_QUERY_KEY, 'recent', city] as const;
}

/**
 * GET /api/alerts?city=&limit=50: the city's newest alerts of any status, but those raised inside
 * a maintenance window (never announced, so the live events never bring them in either).
 */
async function fetchRecentAlerts(city: CityKey, signal?: AbortSignal): Promise<Alert[]> {
  const alerts = await request(
    ALERT_ENDPOINTS.list,
    { query: { city, limit: MAX_LIVE_ALERTS } },
    { signal },
  );
  return alerts.filter((alert) => !alert.suppressed);
}

function recentAlertsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: recentAlertsQueryKey(city),
    queryFn: ({ signal }) => fetchRecentAlerts(city, signal),
  });
}

/** The city's newest alerts (at most 50, newest first), kept current by the live alert events. */
export function useRecentAlerts(city: CityKey) {
  return useQuery(recentAlertsQueryOptions(city));
}

/** Active and not shelved: an operator put a shelved one aside, so the bell does not ring for it. */
function activeOnly(alerts: Alert[]): Alert[] {
  const now = Date.now();
  return alerts
    .filter((alert) => ACTIVE_ALERT_STATUSES.includes(alert.status) && !isSetAside(alert, now))
    .sort(bySeverityThenNewest);
}

/**
 * The open or acknowledged alerts among the newest that are not shelved, the worst first, then the
 * newest: the bell's.
 */
export function useActiveAlerts(city: CityKey): Alert[] {
  return useQuery({ ...recentAlertsQueryOptions(city), select: activeOnly }).data ?? [];
}

/**
 * Where an alert stands, when the city's newest alerts (already loaded for the bell and the
 * dashboard) hold it; undefined otherwise. Reads the cache only: a notification of another city
 * does not load that city's alerts.
 */
export function useKnownAlertStatus(city: CityKey, id: string): AlertStatus | undefined {
  return useQuery({
    ...recentAlertsQueryOptions(city),
    enabled: false,
    select: (alerts: Alert[]) => alerts.find((alert) => alert.id === id)?.status,
  }).data;
}
