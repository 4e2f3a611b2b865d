import { NOTIFICATION_ENDPOINTS } from '@smart-city/shared';
import type { NotificationList } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** The root of every notifications query: the bell's latest and the notifications page. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** The bell's newest notifications and the unread count. */
export const LATEST_NOTIFICATIONS_KEY = [...NOTIFICATIONS_QUERY_KEY, 'latest'] as const;

/** How many notifications the bell lists. */
export const BELL_NOTIFICATIONS = 5;

/** GET /api/notifications: the signed-in person's own, newest first, a page at a time. */
export function fetchNotifications(
  page: { limit: number; cursor?: string | null; unread?: boolean },
  signal?: AbortSignal,
): Promise<NotificationList> {
  const query = {
    limit: page.limit,
    cursor: page.cursor ?? undefined,
    unread: page.unread ? ('true' as const) : undefined,
  };
  return request(NOTIFICATION_ENDPOINTS.list, { query }, { signal });
}

const latestNotificationsQueryOptions = queryOptions({
  queryKey: LATEST_NOTIFICATIONS_KEY,
  queryFn: ({ signal }) => fetchNotifications({ limit: BELL_NOTIFICATIONS }, signal),
});

/**
 * The newest notifications and how many are unread, kept current by the live notification
 * events.
 */
export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions);
}
