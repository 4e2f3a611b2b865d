import { preferencesSchema } from '@smart-city/shared';
import type { Language, Preferences } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { apiPatch } from '../api-client';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from '../auth/account-query-key';
import { useAuth } from '../auth/auth-context';
import { PREFERENCES_PATH } from '../auth/preferences-query';
import { applyLanguage } from './i18n';
import { languageOfLocale, storeLanguage } from './languages';

/**
 * The language the app is shown in, and the way to change it: at once on this device, and, when
 * someone is signed in, in their account too, so it follows them to every device and their e-mails.
 */
export function useLanguage(): {
  language: Language;
  setLanguage: (language: Language) => void;
} {
  const { t, i18n } = useTranslation();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (language: Language) => apiPatch(PREFERENCES_PATH, { language }, preferencesSchema),
    onMutate: async (language) => {
      await queryClient.cancelQueries({ queryKey: ACCOUNT_PREFERENCES_QUERY_KEY });
      const previous = queryClient.getQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY);
      // The account's language is what the page follows (AccountLanguage): it changes with the
      // choice, not after the answer, or the page would flip back while the request is on its way.
      if (previous) {
        queryClient.setQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY, {
          ...previous,
          language,
        });
      }
      return { previous };
    },
    onError: (error, _language, context) => {
      console.warn('Saving the language failed', error);
      if (context?.previous) {
        queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, context.previous);
      }
      toast.error(t('language.saveFailed'));
    },
    onSuccess: (saved) => queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, saved),
  });
  const { mutate } = save;
  const signedIn = status === 'authenticated';

  const setLanguage = useCallback(
    (language: Language) => {
      storeLanguage(language);
      void applyLanguage(language);
      if (signedIn) mutate(language);
    },
    [signedIn, mutate],
  );

  return { language: languageOfLocale(i18n.language), setLanguage };
}
