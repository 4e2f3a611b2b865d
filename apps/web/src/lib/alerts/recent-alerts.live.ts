import {
  ACTIVE_ALERT_STATUSES,
  isMoreSevere,
  isSetAside,
  MAX_LIVE_ALERTS,
} from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { cachedNotificationPreferences, toastNewAlert } from './alert-toast';
import { ALERTS_QUERY_KEY, recentAlertsQueryKey } from './recent-alerts-query';

/** Whether `next` is not older than `current`: a replayed event never undoes a newer change. */
function isNotOlder(next: Alert, current: Alert): boolean {
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt);
}

/** A new alert goes to the front (at most 50 kept); one already listed is replaced instead. */
export function insertAlert(alerts: Alert[], alert: Alert): Alert[] {
  if (alerts.some((existing) => existing.id === alert.id)) return replaceAlert(alerts, alert);
  return [alert, ...alerts].slice(0, MAX_LIVE_ALERTS);
}

/** The alert with the same id takes the newer version; the list is unchanged when it is absent. */
export function replaceAlert(alerts: Alert[], alert: Alert): Alert[] {
  const index = alerts.findIndex((existing) => existing.id === alert.id);
  if (index === -1 || !isNotOlder(alert, alerts[index]!)) return alerts;
  return alerts.with(index, alert);
}

/**
 * Whether this update is the one that made an active alert more severe: the server says so
 * (`severitySince` is the update's own time), or the copy listed before it was milder.
 */
function escalatedBy(next: Alert, previous: Alert | undefined): boolean {
  if (!ACTIVE_ALERT_STATUSES.includes(next.status)) return false;
  // A shelved or suppressed alert stays quiet; a shelved one that worsens comes back unshelved,
  // and toasts then.
  if (isSetAside(next, Date.now())) return false;
  if (next.severitySince !== null && next.severitySince === next.updatedAt) return true;
  return previous !== undefined && isMoreSevere(next.severity, previous.severity);
}

/**
 * The city's newest alerts follow the alert events, so the list never needs a reload: an insert
 * goes to the front, an update replaces the alert with the same id, a delete removes it. A new
 * critical or high alert of the city on screen toasts, and so does one escalated in place to
 * critical or high, as if it were new.
 */
export const recentAlertsLive: LiveModule = {
  name: 'recent alerts',
  handlers: {
    'alert:created': (alert, { queryClient, city }) => {
      patchQuery<Alert[]>(queryClient, recentAlertsQueryKey(alert.city), (alerts) =>
        insertAlert(alerts, alert),
      );
      if (alert.city === city) toastNewAlert(alert, cachedNotificationPreferences(queryClient));
    },
    'alert:updated': (alert, { queryClient, city }) => {
      const key = recentAlertsQueryKey(alert.city);
      const previous = queryClient.getQueryData<Alert[]>(key)?.find((a) => a.id === alert.id);
      // A replayed event older than the listed copy says nothing new.
      if (previous && !isNotOlder(alert, previous)) return;
      patchQuery<Alert[]>(queryClient, key, (alerts) => replaceAlert(alerts, alert));
      if (alert.city === city && escalatedBy(alert, previous))
        toastNewAlert(alert, cachedNotificationPreferences(queryClient));
    },
    'alert:deleted': ({ id, city }, { queryClient }) =>
      patchQuery<Alert[]>(queryClient, recentAlertsQueryKey(city), (alerts) =>
        alerts.filter((alert) => alert.id !== id),
      ),
  },
  resync: ({ queryClient, city }) =>
    void queryClient.invalidateQueries({ queryKey: recentAlertsQueryKey(city) }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: ALERTS_QUERY_KEY }),
};
