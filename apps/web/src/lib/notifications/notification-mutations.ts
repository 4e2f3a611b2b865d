import { NOTIFICATION_ENDPOINTS } from '@smart-city/shared';
import type { Notification, NotificationList } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';
import { LATEST_NOTIFICATIONS_KEY, NOTIFICATIONS_QUERY_KEY } from './notifications-query';

/** The bell's list with one notification read (its unread count one less when it was unread). */
function withRead(list: NotificationList, read: Notification): NotificationList {
  const before = list.items.find((item) => item.id === read.id);
  if (!before) return list;
  return {
    ...list,
    items: list.items.map((item) => (item.id === read.id ? read : item)),
    unread: before.readAt === null ? Math.max(0, list.unread - 1) : list.unread,
  };
}

/** POST /api/notifications/:id/read; the bell changes at once and every list loads again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(NOTIFICATION_ENDPOINTS.read, { params: { id } }),
    onSuccess: async (read) => {
      queryClient.setQueryData<NotificationList>(LATEST_NOTIFICATIONS_KEY, (list) =>
        list ? withRead(list, read) : list,
      );
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(NOTIFICATION_ENDPOINTS.readAll, {}),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    },
  });
}
