import type { LiveModule } from '../../lib/live/live-module';
import { refreshAlertHistory } from './alert-history-query';
import { findListedAlert, patchCachedAlert, refreshAlertLists } from './alerts-query';

/**
 * The Alerts screen's lists, counts and histories follow the alert events. A changed alert is
 * patched into the lists that hold it at once; when it may have moved between filters (it is new,
 * gone, not listed yet, or its status or severity changed) the lists and counts load again, and so
 * does its history. Value-only updates of a listed alert arrive every few seconds per active alert
 * and never cost a request.
 */
export const alertsScreenLive: LiveModule = {
  name: 'alerts screen',
  handlers: {
    'alert:created': (_alert, { queryClient }) => void refreshAlertLists(queryClient),
    'alert:updated': (alert, { queryClient }) => {
      const previous = findListedAlert(queryClient, alert.id);
      patchCachedAlert(queryClient, alert);
      if (previous && previous.status === alert.status && previous.severity === alert.severity) {
        return;
      }
      void refreshAlertLists(queryClient);
      if (previous) void refreshAlertHistory(queryClient, alert.id);
    },
    'alert:deleted': (_event, { queryClient }) => void refreshAlertLists(queryClient),
  },
  resync: ({ queryClient }) => void refreshAlertLists(queryClient),
};
