import type { Language } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context';
import { applyLanguage } from './i18n';
import { languageOfLocale, storeLanguage } from './languages';

/**
 * The language the app is shown in, and the way to change it: at once on this device, and, when
 * someone is signed in, in their account too, so it follows them to every device and their e-mails.
 */
export function useLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  const { t, i18n } = useTranslation();
  const signedIn = useAuth().status === 'authenticated';
  const queryClient = useQueryClient();

  const setLanguage = useCallback(
    (language: Language) => {
      storeLanguage(language);
      void applyLanguage(language);
      if (signedIn) {
        void import('./save-account-language').then(({ saveAccountLanguage }) =>
          // The message is written when needed, in the language the page has switched to by then.
          saveAccountLanguage(queryClient, language, () => t('language.saveFailed')),
        );
      }
    },
    [signedIn, queryClient, t],
  );

  return { language: languageOfLocale(i18n.language), setLanguage };
}
