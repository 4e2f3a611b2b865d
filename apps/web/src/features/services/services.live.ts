import type { LiveModule } from '../../lib/live/live-module';
import { forgetBookingSummaries, refreshBookingSummaries } from './booking-summary-query';
import { forgetServiceAlerts, refreshServiceAlerts } from './service-alerts-query';

/**
 * The services screen's open-booking count follows every booking event it is sent, and each
 * service's status the alert events that can change it.
 */
export const servicesLive: LiveModule = {
  name: 'services',
  handlers: {
    'booking:created': (_booking, { queryClient }) => void refreshBookingSummaries(queryClient),
    'booking:updated': (_booking, { queryClient }) => void refreshBookingSummaries(queryClient),
    'alert:created': (_alert, { queryClient }) => void refreshServiceAlerts(queryClient),
    'alert:updated': (alert, { queryClient }) => void refreshServiceAlerts(queryClient, alert),
    'alert:deleted': (_event, { queryClient }) => void refreshServiceAlerts(queryClient),
  },
  resync: ({ queryClient }) => {
    void refreshBookingSummaries(queryClient);
    void refreshServiceAlerts(queryClient);
  },
  forget: (queryClient) => {
    forgetBookingSummaries(queryClient);
    forgetServiceAlerts(queryClient);
  },
};
