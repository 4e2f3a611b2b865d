import type { Alert } from '@smart-city/shared';
import { ALERTS_QUERY_KEY } from '../../lib/alerts/recent-alerts-query';
import type { LiveModule } from '../../lib/live/live-module';
import { patchComments } from './alert-comments-query';
import { refreshAlertHistory } from './alert-history-query';
import { cachedAlert, patchAlertDetail } from './alert-query';
import { findListedAlert, patchCachedAlert, refreshAlertLists } from './alerts-query';

/**
 * Whether an alert changed in a way that may move it between the screen's lists (status, severity,
 * assignee, shelve) or that its history records (those, and an escalation step firing).
 */
function changedBeyondItsValue(previous: Alert, next: Alert): boolean {
  return (
    previous.status !== next.status ||
    previous.severity !== next.severity ||
    previous.assignee?.id !== next.assignee?.id ||
    previous.escalatedAt !== next.escalatedAt ||
    previous.shelvedUntil !== next.shelvedUntil
  );
}

/**
 * The Alerts screen's lists, counts and histories, and an alert's own page, follow the alert
 * events. A changed alert is patched into the lists that hold it and onto its page at once; when it
 * may have moved between filters (it is new, gone, not listed yet, or its status, severity or
 * assignee changed) the lists and counts load again, and so does its timeline when a step fired.
 * Value-only updates of a listed alert arrive every few seconds per active alert and never cost a
 * request. A comment joins its alert's open thread.
 */
export const alertsScreenLive: LiveModule = {
  name: 'alerts screen',
  handlers: {
    'alert:created': (_alert, { queryClient }) => void refreshAlertLists(queryClient),
    'alert:updated': (alert, { queryClient }) => {
      const previous = findListedAlert(queryClient, alert.id) ?? cachedAlert(queryClient, alert.id);
      patchCachedAlert(queryClient, alert);
      patchAlertDetail(queryClient, alert);
      if (previous && !changedBeyondItsValue(previous, alert)) return;
      void refreshAlertLists(queryClient);
      if (previous) void refreshAlertHistory(queryClient, alert.id);
    },
    'alert:deleted': (_event, { queryClient }) => void refreshAlertLists(queryClient),
    'comment:created': (comment, { queryClient }) => patchComments(queryClient, comment),
  },
  resync: ({ queryClient }) => {
    void refreshAlertLists(queryClient);
    // An alert's page: what happened to it and its thread while the connection was away.
    for (const part of ['detail', 'history', 'comments'])
      void queryClient.invalidateQueries({ queryKey: [...ALERTS_QUERY_KEY, part] });
  },
};
