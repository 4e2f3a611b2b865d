import type { Stats } from '@smart-city/shared';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { STATS_QUERY_KEY, statsQueryKey } from './stats-query';

/** A city's counts follow the live `stats` event, which carries them whole. */
export const statsLive: LiveModule = {
  name: 'stats',
  handlers: {
    stats: ({ city, ...stats }, { queryClient }) =>
      patchQuery<Stats>(queryClient, statsQueryKey(city), () => stats),
  },
  resync: ({ queryClient, city }) =>
    void queryClient.invalidateQueries({ queryKey: statsQueryKey(city) }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: STATS_QUERY_KEY }),
};
