import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { FilterChip, FilterChipGroup } from '../../components/filter-chips';
import { notificationWords } from '../../lib/notifications/notification-words';
import { Icon } from '../../components/icon';
import { LoadingScreen } from '../../components/loading-screen';
import { NotificationItem } from '../../components/notification-item';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../../lib/notifications/notification-mutations';
import { useNotificationPages } from './notifications-page-query';

/**
 * The signed-in person's notifications, newest first, all or only the unread ones (kept in the
 * address): each opens its alert and counts as read; one or all can be marked read here.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const [params, setParams] = useSearchParams();
  const unreadOnly = params.get('show') === 'unread';
  const pages = useNotificationPages(unreadOnly);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;

  const show = (which: 'all' | 'unread') =>
    setParams(which === 'unread' ? { show: 'unread' } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title={t('signedIn:screens.notifications.title')}
        actions={
          <button
            type="button"
            data-testid="notifications-mark-all"
            className={secondaryButton}
            disabled={unread === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: () => toast.success(t('notificationsPage.allRead')),
                onError: () => toast.error(t('notificationsPage.readFailed')),
              })
            }
          >
            <Icon name="eye" size={16} />
            {t('notificationsPage.markAllRead')}
          </button>
        }
      />
      <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
        {t('notificationsPage.intro')}
      </p>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <FilterChipGroup label={t('notificationsPage.filterLabel')}>
          <FilterChip
            label={t('notificationsPage.all')}
            count={null}
            pressed={!unreadOnly}
            onSelect={() => show('all')}
            testId="notifications-show-all"
          />
          <FilterChip
            label={t('notificationsPage.unread')}
            count={pages.data ? unread : null}
            accessibleName={
              pages.data ? t('notificationsPage.unreadCount', { count: unread }) : undefined
            }
            pressed={unreadOnly}
            onSelect={() => show('unread')}
            testId="notifications-show-unread"
          />
        </FilterChipGroup>
      </div>

      {pages.isPending ? (
        <LoadingScreen />
      ) : pages.isError ? (
        <QueryError
          message={t('notificationsPage.loadFailed')}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
          testId="notifications-failed"
        />
      ) : items.length === 0 ? (
        <div data-testid="notifications-empty">
          <EmptyState
            icon={<Icon name="bell" size={24} />}
            title={unreadOnly ? t('notificationsPage.emptyUnread') : t('notificationsPage.empty')}
            description={unreadOnly ? undefined : t('notificationsPage.emptyHelp')}
          />
        </div>
      ) : (
        <>
          <ul className="max-w-4xl space-y-2" data-testid="notifications-list">
            {items.map((notification) => (
              <li key={notification.id} className="flex items-stretch gap-2">
                <div className="min-w-0 flex-1">
                  <NotificationItem
                    notification={notification}
                    onOpen={(opened) => {
                      if (opened.readAt === null) markRead.mutate(opened.id);
                    }}
                  />
                </div>
                {notification.readAt === null ? (
                  <button
                    type="button"
                    data-testid="notification-mark-read"
                    aria-label={`${t('notificationsPage.markRead')}: ${notificationWords(notification, i18n.t).about}`}
                    title={t('notificationsPage.markRead')}
                    disabled={markRead.isPending}
                    onClick={() =>
                      markRead.mutate(notification.id, {
                        onError: () => toast.error(t('notificationsPage.readFailed')),
                      })
                    }
                    className={`inline-flex w-10 shrink-0 items-center justify-center rounded-lg border border-slate-200 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
                  >
                    <Icon name="eye" size={16} />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {pages.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className={secondaryButton}
                disabled={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                {t('notificationsPage.loadMore')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
