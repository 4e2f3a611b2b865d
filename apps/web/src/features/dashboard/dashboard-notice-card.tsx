import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { useLatestNotice } from '../../lib/notices/use-latest-notice';
import { noticePath, PATHS } from '../../lib/paths';
import { CardLink } from './card-link';
import { CardSkeleton } from './card-states';

/** The newest city notice: title, the start of its text, when it was published, and Read more. */
export function DashboardNoticeCard() {
  const { t } = useTranslation();
  const { notice, isLoading, isOffline, retry } = useLatestNotice();

  let content;
  if (isLoading) {
    content = <CardSkeleton lines={3} />;
  } else if (notice === null && isOffline) {
    content = <QueryError message={t('dashboard.notice.loadFailed')} onRetry={retry} />;
  } else if (notice === null) {
    content = <EmptyState icon={<Icon name="notices" />} title={t('dashboard.notice.empty')} />;
  } else {
    content = (
      <article data-testid="latest-notice-item" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{notice.title}</h3>
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{notice.content}</p>
        <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
          <TimeAgo iso={notice.createdAt} />
          <Link
            to={noticePath(notice.id)}
            className={`rounded font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
          >
            {t('dashboard.notice.readMore')}
            <span className="sr-only">: {notice.title}</span>
          </Link>
        </p>
      </article>
    );
  }

  return (
    <SectionCard
      title={t('dashboard.notice.title')}
      actions={<CardLink to={PATHS.notices}>{t('nav.notices')}</CardLink>}
      testId="latest-notice"
    >
      {content}
    </SectionCard>
  );
}
