import { ALERT_ENDPOINTS, isEndedAlert, SEVERITY_RANK } from '@smart-city/shared';
import type { Alert, CityKey, SensorType } from '@smart-city/shared';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/** What a service is going through now: its worst active alert, and how many it has. */
export interface ServiceAlerts {
  worst: Alert | null;
  active: number;
}

/** The root of the services screen's alert summaries. */
const SERVICE_ALERTS_KEY = ['services', 'alerts'] as const;

/**
 * GET /api/alerts?type=&status=active&order=severity&limit=1 and its count: the worst active alert
 * of the service's sensors in the city, and how many are active (a resident's view leaves out
 * the alerts only operators act on, as the server decides).
 */
async function fetchServiceAlerts(
  city: CityKey,
  type: SensorType,
  signal?: AbortSignal,
): Promise<ServiceAlerts> {
  const filter = { city, type, status: 'active' } as const;
  const [worst, counts] = await Promise.all([
    request(
      ALERT_ENDPOINTS.list,
      { query: { ...filter, order: 'severity', limit: 1 } },
      { signal },
    ),
    request(ALERT_ENDPOINTS.counts, { query: filter }, { signal }),
  ]);
  const active = Object.values(counts.bySeverity).reduce((sum, count) => sum + count, 0);
  return { worst: worst[0] ?? null, active: Math.max(active, worst.length) };
}

export function useServiceAlerts(city: CityKey, type: SensorType) {
  return useQuery({
    queryKey: [...SERVICE_ALERTS_KEY, city, type] as const,
    queryFn: ({ signal }) => fetchServiceAlerts(city, type, signal),
  });
}

/**
 * Whether an alert's update can change a service's summary: it ended (a count falls), it is the
 * worst shown and changed (a shelve too: the server leaves shelved alerts out), or it grew worse
 * than a worst shown. Every active alert is already
 * counted, so the value-only updates that arrive every few seconds cost no request.
 */
function changesSummaries(queryClient: QueryClient, alert: Alert): boolean {
  if (isEndedAlert(alert)) return true;
  return queryClient
    .getQueriesData<ServiceAlerts>({ queryKey: SERVICE_ALERTS_KEY })
    .some(([, summary]) => {
      const worst = summary?.worst;
      if (!worst) return false;
      if (worst.id === alert.id) {
        return (
          worst.severity !== alert.severity ||
          worst.status !== alert.status ||
          worst.shelvedUntil !== alert.shelvedUntil
        );
      }
      return SEVERITY_RANK[alert.severity] > SEVERITY_RANK[worst.severity];
    });
}

/** The summaries load again: after a new or deleted alert, after an update that can change them. */
export function refreshServiceAlerts(queryClient: QueryClient, updated?: Alert) {
  if (updated && !changesSummaries(queryClient, updated)) return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: SERVICE_ALERTS_KEY });
}

/** Drops every summary (signing out). */
export function forgetServiceAlerts(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: SERVICE_ALERTS_KEY });
}
