import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { PATHS } from '../../lib/paths';

/**
 * Signs out and returns to the landing page, the one screen a signed-out person may see. The
 * toasts, 'Logged out successfully' or 'Logout failed', come from the session itself.
 */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (await signOut()) await navigate(PATHS.landing, { replace: true });
  }, [signOut, navigate]);
}
