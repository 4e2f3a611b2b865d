import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dangerActionButton, otherActionButton } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icon';
import { userFacingMessage } from '../../lib/api-client';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { editNoticePath, PATHS } from '../../lib/paths';
import { useDeleteNotice } from './delete-notice-mutation';

/**
 * What an admin may do with a published notice: change it, or remove it after saying yes. Both go
 * on the public record, which the line beside them says.
 */
export function NoticeAdminActions({ notice }: { notice: CachedNotice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteNotice(notice.id);
  const [asking, setAsking] = useState(false);

  const close = () => {
    setAsking(false);
    remove.reset();
  };

  const confirm = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('notices.change.deleted'));
        void navigate(PATHS.notices);
      },
    });
  };

  return (
    <div
      data-testid="notice-admin-actions"
      className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <div className="flex flex-wrap gap-2">
        <Link
          to={editNoticePath(notice.id)}
          data-testid="notice-edit-published"
          className={otherActionButton}
        >
          <Icon name="pencil" size={16} />
          {t('notices.change.edit')}
        </Link>
        <button
          type="button"
          data-testid="notice-delete-published"
          onClick={() => setAsking(true)}
          className={dangerActionButton}
        >
          <Icon name="trash" size={16} />
          {t('notices.change.delete')}
        </button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('notices.change.ledger')}</p>
      {asking ? (
        <ConfirmDialog
          testId="notice-delete-dialog"
          title={t('notices.change.deleteTitle')}
          confirmLabel={t('notices.change.delete')}
          confirmClassName={dangerActionButton}
          pending={remove.isPending}
          error={
            remove.isError
              ? (userFacingMessage(remove.error) ?? t('notices.change.deleteFailed'))
              : null
          }
          onConfirm={confirm}
          onCancel={close}
        >
          <p>{t('notices.change.deleteBody')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
