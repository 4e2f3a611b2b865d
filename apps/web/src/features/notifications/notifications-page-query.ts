import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  fetchNotifications,
  NOTIFICATIONS_QUERY_KEY,
} from '../../lib/notifications/notifications-query';

/** Notifications a page of the screen holds. */
const NOTIFICATIONS_PAGE_SIZE = 20;

/** The screen's pages of notifications, all or only the unread, newest first. */
function notificationPagesQueryOptions(unreadOnly: boolean) {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'pages', { unreadOnly }] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchNotifications(
        { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam, unread: unreadOnly },
        signal,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useNotificationPages(unreadOnly: boolean) {
  return useInfiniteQuery(notificationPagesQueryOptions(unreadOnly));
}
