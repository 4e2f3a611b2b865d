import { PROFILE_ENDPOINTS } from '@smart-city/shared';
import type { Language, Preferences } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../toast';
import { request } from '../api-client';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from '../auth/account-query-key';

/**
 * Saves the signed-in account's language. The cached preferences change first: the page follows
 * the account's language (AccountLanguage), and must not flip back while the request is on its
 * way. If the server refuses, the cache and so the page go back to the saved language, and a toast
 * says why. Loaded only when a signed-in person switches, so no first page carries it.
 */
export async function saveAccountLanguage(
  queryClient: QueryClient,
  language: Language,
  failedMessage: () => string,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: ACCOUNT_PREFERENCES_QUERY_KEY });
  const previous = queryClient.getQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY);
  if (previous) {
    queryClient.setQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY, { ...previous, language });
  }
  try {
    const saved = await request(PROFILE_ENDPOINTS.updatePreferences, { body: { language } });
    queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, saved);
  } catch (error) {
    console.warn('Saving the language failed', error);
    if (previous) queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, previous);
    toast.error(failedMessage());
  }
}
