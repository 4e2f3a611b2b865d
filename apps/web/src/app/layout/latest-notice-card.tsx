import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { focusRing, iconButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { useNotificationPreferences } from '../../lib/auth/preferences-query';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { useLatestNotice } from '../../lib/notices/use-latest-notice';
import { PATHS } from '../../lib/paths';
import { DISMISSED_NOTICE_STORAGE_KEY, readStorage, writeStorage } from '../../lib/storage-keys';

type Dismissed = { id: string; createdAt: string };

function readDismissed(): Dismissed | null {
  try {
    const value: unknown = JSON.parse(readStorage(DISMISSED_NOTICE_STORAGE_KEY) ?? 'null');
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Dismissed).id === 'string' &&
      typeof (value as Dismissed).createdAt === 'string'
    ) {
      return value as Dismissed;
    }
  } catch {
    // A value this code did not write: treat it as nothing dismissed.
  }
  return null;
}

/** A dismissed notice stays hidden, and so does anything not newer than it, until a newer one arrives. */
function isDismissed(notice: CachedNotice, dismissed: Dismissed | null): boolean {
  if (!dismissed) return false;
  return (
    notice.id === dismissed.id || Date.parse(notice.createdAt) <= Date.parse(dismissed.createdAt)
  );
}

/**
 * The card of the latest city notice on every signed-in screen: "title: content" with Read more
 * (to the notices list) and a close button. It is docked at the top of the page, in the flow, so
 * it never covers what the screen shows (a card floating over the corner hid part of the
 * dashboard's alerts). The notices screens list it already.
 */
export function LatestNoticeCard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { notice } = useLatestNotice();
  const wanted = useNotificationPreferences().notices;
  const [dismissed, setDismissed] = useState(readDismissed);

  const onNoticeScreen = pathname === PATHS.notices || pathname.startsWith(`${PATHS.notices}/`);
  if (!notice || !wanted || onNoticeScreen || isDismissed(notice, dismissed)) return null;

  const dismiss = () => {
    const value = { id: notice.id, createdAt: notice.createdAt };
    writeStorage(DISMISSED_NOTICE_STORAGE_KEY, JSON.stringify(value));
    setDismissed(value);
  };

  return (
    <aside
      aria-label={t('notices.card.label')}
      data-testid="latest-notice-card"
      className="mb-6 rounded-xl border border-sky-200 bg-white p-4 shadow-sm dark:border-sky-900 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300">
          <Icon name="notices" size={16} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-sky-700 uppercase dark:text-sky-300">
            {t('notices.card.label')}
          </p>
          <p
            data-testid="latest-notice-text"
            className="mt-1 line-clamp-3 text-sm break-words text-slate-800 dark:text-slate-100"
          >
            <span className="font-semibold">{notice.title}</span>: {notice.content}
          </p>
          <Link
            to={PATHS.notices}
            data-testid="latest-notice-read-more"
            className={`mt-2 inline-block rounded text-sm font-semibold text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${focusRing}`}
          >
            {t('notices.card.readMore')}
          </Link>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('notices.card.dismiss')}
          title={t('notices.card.dismiss')}
          data-testid="latest-notice-dismiss"
          className={`${iconButton} -mt-1 -mr-1 size-8 shrink-0`}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
    </aside>
  );
}
