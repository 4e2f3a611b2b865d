import { preferencesSchema } from '@smart-city/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from './account-query-key';

export const PREFERENCES_PATH = '/api/profile/preferences';

/** The account's notification preferences; the settings screen and the live alert toasts share them. */
export const preferencesQueryOptions = queryOptions({
  queryKey: ACCOUNT_PREFERENCES_QUERY_KEY,
  queryFn: ({ signal }) => apiGet(PREFERENCES_PATH, preferencesSchema, signal),
});
