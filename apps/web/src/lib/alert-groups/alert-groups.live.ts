import type { AlertGroup, AlertGroupDetail, City, CityKey } from '@smart-city/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { cachedNotificationPreferences } from '../alerts/alert-toast';
import { ALERTS_QUERY_KEY } from '../alerts/recent-alerts-query';
import { citiesQueryKey } from '../city/cities-query';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { toastNewAlertGroup } from './alert-group-toast';
import {
  ALERT_GROUPS_QUERY_KEY,
  alertGroupDetailQueryKey,
  cachedAlertGroup,
  cityAlertGroupsQueryKey,
} from './alert-groups-query';

/** Whether `next` is not older than `current`: a replayed event never undoes a newer change. */
function isNotOlder(next: AlertGroup, current: AlertGroup): boolean {
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt);
}

/**
 * A city's active groups with this one in its place, the latest joined first: a new or changed
 * active group is put in (or replaces its older copy), a resolved one leaves.
 */
export function placeAlertGroup(groups: readonly AlertGroup[], group: AlertGroup): AlertGroup[] {
  const previous = groups.find((listed) => listed.id === group.id);
  if (previous && !isNotOlder(group, previous)) return [...groups];
  const others = groups.filter((listed) => listed.id !== group.id);
  if (group.status === 'resolved') return others;
  return [...others, group].sort((a, b) => Date.parse(b.lastJoinedAt) - Date.parse(a.lastJoinedAt));
}

/** Every cached alert query of a city: its lists, counts, newest and active alerts. */
function invalidateCityAlerts(queryClient: QueryClient, city: CityKey) {
  void queryClient.invalidateQueries({
    queryKey: ALERTS_QUERY_KEY,
    predicate: ({ queryKey }) =>
      queryKey.some(
        (part) =>
          part === city ||
          (typeof part === 'object' && part !== null && (part as { city?: unknown }).city === city),
      ),
  });
}

function cityName(queryClient: QueryClient, city: CityKey): string {
  return (
    queryClient.getQueryData<City[]>(citiesQueryKey)?.find((c) => c.key === city)?.name ?? city
  );
}

/**
 * Flood groups follow `alertGroup:updated`: the city's list of active groups and the group's own
 * page take the new figures at once. The server does not send the members' own changes when a
 * group is acknowledged or resolved, so the city's alert lists and counts load again. A group the
 * client has not heard of, still open, in the city on screen, toasts once in place of its alerts
 * (which toast nothing themselves: see recent-alerts.live.ts).
 */
export const alertGroupsLive: LiveModule = {
  name: 'alert groups',
  handlers: {
    'alertGroup:updated': (group, { queryClient, city }) => {
      const known = cachedAlertGroup(queryClient, group);
      if (!known && group.status === 'open' && group.city === city) {
        toastNewAlertGroup(
          group,
          cityName(queryClient, group.city),
          cachedNotificationPreferences(queryClient),
        );
      }
      patchQuery<AlertGroup[]>(queryClient, cityAlertGroupsQueryKey(group.city), (groups) =>
        placeAlertGroup(groups, group),
      );
      patchQuery<InfiniteData<AlertGroupDetail>>(
        queryClient,
        alertGroupDetailQueryKey(group.id),
        (detail) => ({
          ...detail,
          pages: detail.pages.map((page) =>
            isNotOlder(group, page.group) ? { ...page, group } : page,
          ),
        }),
      );
      // Acknowledged or resolved as one: every member moved, and the page lists them again.
      if (known && known.status !== group.status) {
        void queryClient.invalidateQueries({ queryKey: alertGroupDetailQueryKey(group.id) });
      }
      invalidateCityAlerts(queryClient, group.city);
    },
  },
  resync: ({ queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: ALERT_GROUPS_QUERY_KEY }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: ALERT_GROUPS_QUERY_KEY }),
};
