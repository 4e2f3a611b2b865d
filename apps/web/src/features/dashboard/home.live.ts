import type { CityKey } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveModule } from '../../lib/live/live-module';
import { HOME_QUERY_KEY, homeQueryKey } from './home-query';

/**
 * Alerts often come in bursts (a junction and its neighbours at rush hour): the home is asked
 * again once this long after the first of them, not once per alert.
 */
export const HOME_EVENT_DELAY_MS = 1_000;

const waiting = new WeakMap<QueryClient, Set<string>>();

function refreshSoon(queryClient: QueryClient, queryKey: readonly string[]) {
  const name = queryKey.join('/');
  let keys = waiting.get(queryClient);
  if (!keys) {
    keys = new Set();
    waiting.set(queryClient, keys);
  }
  if (keys.has(name)) return;
  keys.add(name);
  setTimeout(() => {
    keys.delete(name);
    void queryClient.invalidateQueries({ queryKey });
  }, HOME_EVENT_DELAY_MS);
}

const alertChanged = ({ city }: { city: CityKey }, { queryClient }: { queryClient: QueryClient }) =>
  refreshSoon(queryClient, homeQueryKey(city));

/**
 * A citizen's home counts the alerts near them and lists the newest notices: an alert raised,
 * changed or removed in its city, or any notice published, has it asked again.
 */
export const homeLive: LiveModule = {
  name: 'home',
  handlers: {
    'alert:created': alertChanged,
    'alert:updated': alertChanged,
    'alert:deleted': alertChanged,
    // Notices are the same in every city.
    'notice:created': (_notice, { queryClient }) => refreshSoon(queryClient, HOME_QUERY_KEY),
  },
  resync: ({ queryClient, city }) =>
    void queryClient.invalidateQueries({ queryKey: homeQueryKey(city) }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: HOME_QUERY_KEY }),
};
