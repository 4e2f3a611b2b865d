import { PROFILE_ENDPOINTS } from '@smart-city/shared';
import type { NotificationPreferences, Preferences } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api-client';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from '../../lib/auth/account-query-key';

const UPDATE_PREFERENCES_KEY = ['update-preferences'] as const;

/**
 * Changes notification switches. The switch moves at once; if the server refuses, it moves back
 * and a toast says the setting was not saved.
 */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationKey: UPDATE_PREFERENCES_KEY,
    mutationFn: (changes: Partial<NotificationPreferences>) =>
      request(PROFILE_ENDPOINTS.updatePreferences, { body: { notifications: changes } }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: ACCOUNT_PREFERENCES_QUERY_KEY });
      const previous = queryClient.getQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY, {
          ...previous,
          notifications: { ...previous.notifications, ...changes },
        });
      }
      return { previous };
    },
    onError: (error, _changes, context) => {
      console.warn('Saving notification preferences failed', error);
      if (context?.previous) {
        queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, context.previous);
      }
      toast.error(t('settings.notifications.saveFailed'));
    },
    onSuccess: (saved) => {
      // A switch flipped again meanwhile keeps its newer, still unsaved position.
      if (queryClient.isMutating({ mutationKey: UPDATE_PREFERENCES_KEY }) <= 1) {
        queryClient.setQueryData(ACCOUNT_PREFERENCES_QUERY_KEY, saved);
      }
    },
  });
}
