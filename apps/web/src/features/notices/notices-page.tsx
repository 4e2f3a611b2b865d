import { canPublishNotices } from '@smart-city/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { useNotices } from '../../lib/notices/notices-query';
import { noticePath, PATHS } from '../../lib/paths';
import { NoticeByline, NotPublishedBadge, OfflineHint, PendingBadge } from './notice-parts';
import { RefusedNoticeActions } from './refused-notice-actions';

/** The city notices, newest first: title, date and a two-line excerpt each. */
export function NoticesPage() {
  const { t } = useTranslation();
  const { allows } = useAuth();
  const { notices, isLoading, isError, isOffline, retry } = useNotices();

  return (
    <>
      <PageHeader
        title={t('screens.notices.title')}
        actions={
          allows(canPublishNotices) ? (
            <Link to={PATHS.newNotice} className={primaryButton} data-testid="new-notice-button">
              <Icon name="notices" size={18} />
              {t('notices.newNotice')}
            </Link>
          ) : null
        }
      />
      {isLoading ? (
        <div className="flex justify-center py-14">
          <Spinner size={32} />
        </div>
      ) : isError ? (
        <QueryError message={t('notices.loadFailed')} onRetry={retry} testId="notices-error" />
      ) : (
        <>
          {isOffline ? <OfflineHint /> : null}
          {notices.length === 0 ? (
            <EmptyState
              icon={<Icon name="notices" />}
              title={t('notices.empty')}
              description={t('notices.emptyHelp')}
            />
          ) : (
            <ul aria-label={t('notices.listLabel')} className="space-y-3" data-testid="notice-list">
              {notices.map((notice) => (
                <NoticeListItem key={notice.id} notice={notice} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function NoticeListItem({ notice }: { notice: CachedNotice }) {
  return (
    <li
      data-testid="notice-item"
      className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-sky-500 hover:border-sky-300 sm:p-5 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-700"
    >
      <article className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-base font-semibold break-words text-slate-900 dark:text-white">
            {/* The link covers the whole card, so the card is one target with one name. */}
            <Link
              to={noticePath(notice.id)}
              className="outline-none after:absolute after:inset-0 after:rounded-xl"
            >
              {notice.title}
            </Link>
          </h2>
          {notice.pending ? <PendingBadge /> : null}
          {notice.refusedReason !== undefined ? <NotPublishedBadge /> : null}
        </div>
        <NoticeByline notice={notice} />
        <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
          {notice.content}
        </p>
        {notice.refusedReason !== undefined ? <RefusedNoticeActions notice={notice} /> : null}
      </article>
    </li>
  );
}
