import type { Notification, NotificationList } from '@smart-city/shared';
import toast from 'react-hot-toast';
import { i18n } from '../i18n/i18n';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { notificationWords } from './notification-words';
import {
  BELL_NOTIFICATIONS,
  LATEST_NOTIFICATIONS_KEY,
  NOTIFICATIONS_QUERY_KEY,
} from './notifications-query';

/** A new notification goes to the top of the bell's list and counts as unread, once. */
function addNotification(list: NotificationList, notification: Notification): NotificationList {
  if (list.items.some((item) => item.id === notification.id)) return list;
  return {
    ...list,
    items: [notification, ...list.items].slice(0, BELL_NOTIFICATIONS),
    unread: list.unread + (notification.readAt === null ? 1 : 0),
  };
}

/**
 * The person's notifications follow the live events: a new one tops the bell's list at once and
 * is announced with a toast; the pages of the notifications screen load again. A notification
 * read in another tab (or all of them) makes every list load again, since only the server knows
 * how many stay unread.
 */
export const notificationsLive: LiveModule = {
  name: 'notifications',
  handlers: {
    'notification:created': (notification, { queryClient }) => {
      patchQuery<NotificationList>(queryClient, LATEST_NOTIFICATIONS_KEY, (list) =>
        addNotification(list, notification),
      );
      void queryClient.invalidateQueries({
        queryKey: NOTIFICATIONS_QUERY_KEY,
        predicate: (query) => query.queryKey[1] !== LATEST_NOTIFICATIONS_KEY[1],
      });
      const words = notificationWords(notification, i18n.t);
      toast(`${words.why}: ${words.about}`, { id: `notification-${notification.id}` });
    },
    'notification:read': (_event, { queryClient }) =>
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  },
  resync: ({ queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  forget: (queryClient) => queryClient.removeQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
};
