import type { LiveModule } from '../../lib/live/live-module';
import { MY_REPORTS_QUERY_KEY } from './my-reports-query';
import { REPORTS_QUERY_KEY } from './report-query';

/** The report lists, maps, queues and duplicate checks: everything read of a city's reports. */
const CITY_READS = ['list', 'queue', 'nearby'] as const;

/**
 * The report screens follow their city's reports: a change (a status, an assignment, a merge, a
 * follower) reads the lists and the queue again, and the changed reports' own pages. The events
 * come at most once a second, with the reports gathered.
 */
export const reportsLive: LiveModule = {
  name: 'reports',
  handlers: {
    'report:updated': (event, { queryClient }) => {
      for (const part of CITY_READS) {
        void queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, part] });
      }
      void queryClient.invalidateQueries({ queryKey: MY_REPORTS_QUERY_KEY });
      if (event.more) {
        void queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, 'one'] });
        return;
      }
      for (const id of event.ids) {
        void queryClient.invalidateQueries({ queryKey: [...REPORTS_QUERY_KEY, 'one', id] });
      }
    },
  },
  // Whatever changed while away, or in the city just chosen, is read again.
  resync: ({ queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MY_REPORTS_QUERY_KEY });
  },
};
