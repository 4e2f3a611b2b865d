import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon, StatusIcon } from '../../components/icon';
import { useCityDates } from '../../lib/format/use-city-dates';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { PATHS } from '../../lib/paths';

/** A notice neither on this device nor on the server: says so and leads back to the list. */
export function NoticeNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Icon name="notices" />}
      title={t('notices.notFound')}
      description={t('notices.notFoundHelp')}
      action={
        <Link to={PATHS.notices} className={secondaryButton}>
          {t('screens.noticeDetail.back')}
        </Link>
      }
    />
  );
}

/** "Nov 22, 2026 • Admin User": date (machine-readable too) and author. */
export function NoticeByline({ notice }: { notice: CachedNotice }) {
  const { t } = useTranslation();
  const { date } = useCityDates();
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="notice-byline">
      <time dateTime={notice.createdAt}>{date(notice.createdAt)}</time>
      {t('notices.bylineSeparator')}
      <span data-testid="notice-author">{notice.author}</span>
    </p>
  );
}

/** Says, in words and with an icon, that a notice exists only on this device so far. */
export function PendingBadge() {
  const { t } = useTranslation();
  return (
    <span
      title={t('notices.pendingHelp')}
      data-testid="notice-pending"
      className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <StatusIcon status="loading" size={12} />
      {t('notices.pending')}
    </span>
  );
}

/** Says, in words and with an icon, that the server turned a notice down: it is not published. */
export function NotPublishedBadge() {
  const { t } = useTranslation();
  return (
    <span
      title={t('notices.notPublishedHelp')}
      data-testid="notice-not-published"
      className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      <StatusIcon status="error" size={12} />
      {t('notices.notPublished')}
    </span>
  );
}

/** The quiet hint that the server did not answer and what shows is what this device saved. */
export function OfflineHint() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="notices-offline"
      className="mb-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
    >
      <Icon name="alert-circle" size={16} className="shrink-0" />
      {t('notices.offline')}
    </p>
  );
}
