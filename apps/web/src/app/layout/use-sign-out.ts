import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { PATHS } from '../../lib/paths';

/** Signs out and returns to the landing page (spec: sign out returns to /). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(async () => {
    try {
      await signOut();
      await navigate(PATHS.landing);
    } catch (error) {
      console.error('Sign-out failed', error);
      toast.error(t('user.logoutFailed'));
    }
  }, [signOut, navigate, t]);
}
