import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { deleteLocalNotice, retryRefusedNotice } from '../../lib/notices/create-notice';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { PATHS } from '../../lib/paths';

/**
 * What the author can do with a notice the server turned down: read why, edit it, send it again
 * as it is, or delete it from this device. Above the card's own link, so each is its own target.
 */
export function RefusedNoticeActions({ notice }: { notice: CachedNotice }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);

  const retry = async () => {
    setSending(true);
    const status = await retryRefusedNotice(queryClient, notice);
    setSending(false);
    if (status === 'published') toast.success(t('notices.retryPublished'));
    else if (status === 'refused') toast.error(t('notices.retryRefused'));
    else toast(t('notices.retryPending'));
  };

  return (
    <div className="relative z-10 space-y-3 pt-2">
      <p
        data-testid="notice-refused-reason"
        className="rounded-lg bg-red-50 px-3 py-2 text-sm break-words text-red-800 dark:bg-red-950/50 dark:text-red-200"
      >
        {notice.refusedReason}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`${PATHS.newNotice}?draft=${encodeURIComponent(notice.id)}`}
          data-testid="notice-edit"
          className={`${secondaryButton} py-1.5`}
        >
          {t('notices.edit')}
        </Link>
        <button
          type="button"
          data-testid="notice-retry"
          disabled={sending}
          onClick={() => void retry()}
          className={`${secondaryButton} py-1.5`}
        >
          {t('notices.retry')}
        </button>
        <button
          type="button"
          data-testid="notice-delete"
          onClick={() => {
            deleteLocalNotice(queryClient, notice.id);
            toast(t('notices.deleted'));
          }}
          className={`${secondaryButton} py-1.5 text-red-700 dark:text-red-300`}
        >
          {t('notices.delete')}
        </button>
      </div>
    </div>
  );
}
