import type { CityOverview } from '@smart-city/shared';
import type { LiveModule } from '../../lib/live/live-module';
import { patchQuery } from '../../lib/live/patch-query';
import { overviewQueryKey } from './overview-query';

/**
 * The dashboard's cards follow `analytics:updated`: the server's current figure of each metric
 * replaces the headline value; trends, secondary figures and sensor counts stay as the overview
 * gave them until its next refetch.
 */
export const dashboardLive: LiveModule = {
  name: 'dashboard',
  handlers: {
    'analytics:updated': ({ city, metrics }, { queryClient }) => {
      const values = new Map(metrics.map((m) => [m.metric, m.value]));
      patchQuery<CityOverview>(queryClient, overviewQueryKey(city), (overview) => {
        let changed = false;
        const next = overview.metrics.map((summary) => {
          const value = values.get(summary.metric);
          if (value === undefined || value === summary.value) return summary;
          changed = true;
          return { ...summary, value };
        });
        return changed ? { ...overview, metrics: next } : overview;
      });
    },
  },
  resync: ({ queryClient, city }) =>
    void queryClient.invalidateQueries({ queryKey: overviewQueryKey(city) }),
};
