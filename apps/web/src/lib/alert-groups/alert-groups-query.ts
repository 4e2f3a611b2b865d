import { ALERT_GROUP_ENDPOINTS, isFlooding } from '@smart-city/shared';
import type { AlertGroup, AlertGroupDetail, CityKey } from '@smart-city/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { request } from '../api-client';
import { useMinuteClock } from '../clock';

/** The root of every flood group query: the cities' lists and the groups' own pages. */
export const ALERT_GROUPS_QUERY_KEY = ['alert-groups'] as const;

/** The most active groups a city lists at once: more than a city ever has. */
const ALERT_GROUPS_LIMIT = 50;

/** Members per page of a group's own page. */
const GROUP_MEMBERS_PAGE_SIZE = 50;

/** The one cache key of a city's active (open or acknowledged) groups. */
export function cityAlertGroupsQueryKey(city: CityKey) {
  return [...ALERT_GROUPS_QUERY_KEY, 'active', city] as const;
}

/** The one cache key of a group's own page: the group and its members, page by page. */
export function alertGroupDetailQueryKey(id: string) {
  return [...ALERT_GROUPS_QUERY_KEY, 'detail', id] as const;
}

/** GET /api/alert-groups?city=&status=active: the city's active groups, the latest joined first. */
function fetchCityAlertGroups(city: CityKey, signal?: AbortSignal): Promise<AlertGroup[]> {
  return request(
    ALERT_GROUP_ENDPOINTS.list,
    { query: { city, status: 'active', limit: ALERT_GROUPS_LIMIT } },
    { signal },
  );
}

function cityAlertGroupsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: cityAlertGroupsQueryKey(city),
    queryFn: ({ signal }) => fetchCityAlertGroups(city, signal),
  });
}

/** The city's active flood groups, kept current by `alertGroup:updated` (alert-groups.live.ts). */
export function useCityAlertGroups(city: CityKey) {
  return useQuery(cityAlertGroupsQueryOptions(city));
}

/**
 * The group the city is in flood with now (an alert joined it within the flood window), if any;
 * the latest joined first. Looked at again every minute, so the banner goes once the flood ebbs
 * even when no event arrives.
 */
export function useFloodingGroup(city: CityKey): AlertGroup | undefined {
  const now = useMinuteClock().getTime();
  return useCityAlertGroups(city).data?.find((group) => isFlooding(group, now));
}

/** GET /api/alert-groups/{id}?limit=&cursor=: the group and one page of its members. */
function fetchAlertGroupPage(
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AlertGroupDetail> {
  return request(
    ALERT_GROUP_ENDPOINTS.get,
    { params: { id }, query: { limit: GROUP_MEMBERS_PAGE_SIZE, cursor: cursor ?? undefined } },
    { signal },
  );
}

function alertGroupDetailQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: alertGroupDetailQueryKey(id),
    queryFn: ({ pageParam, signal }) => fetchAlertGroupPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A group's own page: its facts, and its members one page at a time ("Load more"). */
export function useAlertGroupDetail(id: string) {
  return useInfiniteQuery(alertGroupDetailQueryOptions(id));
}

/** The group as the client last heard of it (its city's list, or its own page); else undefined. */
export function cachedAlertGroup(
  queryClient: QueryClient,
  group: AlertGroup,
): AlertGroup | undefined {
  const listed = queryClient
    .getQueryData<AlertGroup[]>(cityAlertGroupsQueryKey(group.city))
    ?.find((known) => known.id === group.id);
  if (listed) return listed;
  return queryClient.getQueryData<InfiniteData<AlertGroupDetail>>(
    alertGroupDetailQueryKey(group.id),
  )?.pages[0]?.group;
}
