import { Link, Navigate, useParams } from 'react-router';
import { canPublishNotices } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { Spinner } from '../../components/spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { isLocalOnly } from '../../lib/notices/notice-cache';
import { useNotice } from '../../lib/notices/notice-query';
import { noticePath, PATHS } from '../../lib/paths';
import { NoticeAdminActions } from './notice-admin-actions';
import { NoticeLink, NoticeVideo } from './notice-media';
import { NoticeByline, NoticeNotFound, OfflineHint, PendingBadge } from './notice-parts';

/** One notice in full: image, video, link and the content with its line breaks. */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { notice, isLoading, isMissing, isOffline, publishedId } = useNotice(id);
  const { allows } = useAuth();

  // A notice saved on this device has been published since: its address is the server's now.
  if (publishedId) return <Navigate to={noticePath(publishedId)} replace />;

  return (
    <div className={READING_WIDTH}>
      <Link
        to={PATHS.notices}
        data-testid="notice-back"
        className={`mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`}
      >
        <Icon name="chevron-down" size={16} className="rotate-90" />
        {t('screens.noticeDetail.back')}
      </Link>
      {/* Until there is a notice to name the page, the page is named for what it shows. */}
      {notice ? null : <PageHeader title={t('screens.noticeDetail.title')} />}
      {isOffline && !notice?.pending ? <OfflineHint /> : null}
      {isLoading ? (
        <div className="flex justify-center py-14">
          <Spinner size={32} />
        </div>
      ) : notice ? (
        <article
          data-testid="notice-detail"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <header className="space-y-2">
            <h1
              data-testid="notice-title"
              className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white"
            >
              {notice.title}
            </h1>
            <NoticeByline notice={notice} />
            {notice.pending ? (
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <PendingBadge />
                <span>{t('notices.pendingHelp')}</span>
              </div>
            ) : null}
          </header>
          {notice.imageUrl ? (
            <img
              data-testid="notice-image"
              src={notice.imageUrl}
              alt={t('notices.imageAlt', { title: notice.title })}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="max-h-[28rem] w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
            />
          ) : null}
          <NoticeVideo notice={notice} />
          <div
            data-testid="notice-content"
            className="text-base leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
          >
            {notice.content}
          </div>
          {notice.linkUrl ? <NoticeLink href={notice.linkUrl} /> : null}
          {allows(canPublishNotices) && !isLocalOnly(notice) ? (
            <NoticeAdminActions notice={notice} />
          ) : null}
        </article>
      ) : isMissing ? (
        <NoticeNotFound />
      ) : null}
    </div>
  );
}
