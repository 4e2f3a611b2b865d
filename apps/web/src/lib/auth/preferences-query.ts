import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  PROFILE_ENDPOINTS,
  type NotificationPreferences,
} from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from './account-query-key';

/** The account's notification preferences; the settings screen and the live alert toasts share them. */
export const preferencesQueryOptions = queryOptions({
  queryKey: ACCOUNT_PREFERENCES_QUERY_KEY,
  queryFn: ({ signal }) => request(PROFILE_ENDPOINTS.preferences, {}, { signal }),
});

/** The account's preferences as loaded, for the screen that changes them. */
export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

/** The account's notification switches; the defaults until they have loaded (or when `enabled` is false). */
export function useNotificationPreferences(enabled = true): NotificationPreferences {
  const query = useQuery({ ...preferencesQueryOptions, enabled });
  return query.data?.notifications ?? DEFAULT_NOTIFICATION_PREFERENCES;
}
