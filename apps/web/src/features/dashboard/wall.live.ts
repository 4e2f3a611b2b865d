import { ACTIVE_ALERT_STATUSES, bySeverityThenNewest, isSetAside } from '@smart-city/shared';
import type { Alert, CityKey } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ANALYTICS_QUERY_KEY } from '../../lib/analytics/query-key';
import type { LiveModule } from '../../lib/live/live-module';
import { patchQuery } from '../../lib/live/patch-query';
import { activeAlertsQueryKey, WALL_ALERTS_LIMIT } from './active-alerts-query';

/**
 * The list with the alert in its place (or out of it, once it is no longer active or is shelved).
 * Null when the list was full and lost one: the next active alert is only known to the server.
 */
export function placeAlert(alerts: readonly Alert[], alert: Alert): Alert[] | null {
  const others = alerts.filter((listed) => listed.id !== alert.id);
  const previous = alerts.find((listed) => listed.id === alert.id);
  if (previous && Date.parse(previous.updatedAt) > Date.parse(alert.updatedAt)) return [...alerts];
  if (!ACTIVE_ALERT_STATUSES.includes(alert.status) || isSetAside(alert, Date.now())) {
    if (!previous) return [...alerts];
    return alerts.length >= WALL_ALERTS_LIMIT ? null : others;
  }
  return [...others, alert].sort(bySeverityThenNewest).slice(0, WALL_ALERTS_LIMIT);
}

function patchActive(queryClient: QueryClient, city: CityKey, alert: Alert) {
  let refetch = false;
  patchQuery<Alert[]>(queryClient, activeAlertsQueryKey(city), (alerts) => {
    const next = placeAlert(alerts, alert);
    if (next === null) refetch = true;
    return next ?? alerts;
  });
  if (refetch) void queryClient.invalidateQueries({ queryKey: activeAlertsQueryKey(city) });
}

/**
 * The wall screen's active alerts follow the alert events: a new or changed alert takes its place
 * by severity, then age; one resolved or dismissed leaves. After a (re)connection the list and the
 * cards' trend lines load again, so a wall that lost its server catches up by itself.
 */
export const wallLive: LiveModule = {
  name: 'wall',
  handlers: {
    'alert:created': (alert, { queryClient }) => patchActive(queryClient, alert.city, alert),
    'alert:updated': (alert, { queryClient }) => patchActive(queryClient, alert.city, alert),
    'alert:deleted': ({ city }, { queryClient }) =>
      void queryClient.invalidateQueries({ queryKey: activeAlertsQueryKey(city) }),
  },
  resync: ({ queryClient, city, reason }) => {
    void queryClient.invalidateQueries({ queryKey: activeAlertsQueryKey(city) });
    if (reason === 'connect')
      void queryClient.invalidateQueries({ queryKey: [...ANALYTICS_QUERY_KEY, 'series', city] });
  },
};
