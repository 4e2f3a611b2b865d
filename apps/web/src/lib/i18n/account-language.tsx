import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { preferencesQueryOptions } from '../auth/preferences-query';
import { applyLanguage } from './i18n';
import { storeLanguage } from './languages';

/**
 * Shows the app in the language the signed-in account chose, once its preferences arrive and
 * whenever that choice changes. It is kept on this device too, so the next visit opens in it
 * before anyone signs in. An account that never chose keeps the language the page is in.
 */
export function AccountLanguage() {
  const { status } = useAuth();
  const { data } = useQuery({ ...preferencesQueryOptions, enabled: status === 'authenticated' });
  const chosen = status === 'authenticated' ? data?.language : null;

  useEffect(() => {
    if (!chosen) return;
    storeLanguage(chosen);
    void applyLanguage(chosen);
  }, [chosen]);

  return null;
}
