import toast from 'react-hot-toast';
import { cachedNotificationPreferences } from '../alerts/alert-toast';
import { i18n } from '../i18n/i18n';
import type { LiveModule } from '../live/live-module';
import { patchQuery } from '../live/patch-query';
import { upsertNotice, type CachedNotice } from './notice-cache';
import { mirrorNoticesToStorage, NOTICE_LIST_QUERY_KEY } from './notice-list-cache';

/**
 * A published notice joins the saved list (it reaches every connection, whatever city it follows)
 * and toasts for those who want notice notifications.
 */
export const noticesLive: LiveModule = {
  name: 'notices',
  handlers: {
    'notice:created': (notice, { queryClient }) => {
      mirrorNoticesToStorage(queryClient);
      patchQuery<CachedNotice[]>(queryClient, NOTICE_LIST_QUERY_KEY, (notices) =>
        upsertNotice(notices, notice),
      );
      if (cachedNotificationPreferences(queryClient).notices) {
        toast(i18n.t('notices.published', { title: notice.title }), { id: `notice-${notice.id}` });
      }
    },
  },
  // Notices are the same in every city: only a reconnection can have missed one.
  resync: ({ queryClient, reason }) => {
    if (reason === 'connect') {
      void queryClient.invalidateQueries({ queryKey: NOTICE_LIST_QUERY_KEY });
    }
  },
};
