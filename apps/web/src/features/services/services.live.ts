import type { LiveModule } from '../../lib/live/live-module';
import { forgetBookingSummaries, refreshBookingSummaries } from './booking-summary-query';

/** The services screen's open-booking count follows every booking event it is sent. */
export const servicesLive: LiveModule = {
  name: 'services',
  handlers: {
    'booking:created': (_booking, { queryClient }) => void refreshBookingSummaries(queryClient),
    'booking:updated': (_booking, { queryClient }) => void refreshBookingSummaries(queryClient),
  },
  resync: ({ queryClient }) => void refreshBookingSummaries(queryClient),
  forget: forgetBookingSummaries,
};
