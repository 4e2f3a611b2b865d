import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { ACCOUNT_SESSIONS_QUERY_KEY } from '../../lib/auth/account-query-key';
import { revokeOtherSessions } from './account-security-api';

/** Signs out every other browser of the account; this one stays signed in. */
export function OtherSessions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      toast.success(t('settings.sessions.done'));
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY });
    },
    onError: (error) => {
      console.warn('Signing out other sessions failed', error);
      toast.error(t('settings.sessions.failed'));
    },
  });

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-white">
          <Icon name="device" size={18} />
          {t('settings.sessions.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('settings.sessions.intro')}
        </p>
      </div>
      <button
        type="button"
        data-testid="sign-out-other-sessions"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
        className={secondaryButton}
      >
        <Icon name="logout" size={16} />
        {revoke.isPending
          ? t('settings.sessions.signingOut')
          : t('settings.sessions.signOutOthers')}
      </button>
    </div>
  );
}
