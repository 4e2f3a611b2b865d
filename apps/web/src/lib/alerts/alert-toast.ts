import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Alert,
  type NotificationPreferences,
  type Preferences,
} from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ACCOUNT_PREFERENCES_QUERY_KEY } from '../auth/account-query-key';
import { i18n } from '../i18n/i18n';
import { toastKindFor } from './alert-preferences';
import { alertWords } from './alert-words';

/** The person's notification switches as cached; the defaults until they have loaded. */
export function cachedNotificationPreferences(queryClient: QueryClient): NotificationPreferences {
  return (
    queryClient.getQueryData<Preferences>(ACCOUNT_PREFERENCES_QUERY_KEY)?.notifications ??
    DEFAULT_NOTIFICATION_PREFERENCES
  );
}

/**
 * A new critical or high alert of the city on screen toasts, if the person's switches allow it. An
 * alert of a flood group toasts nothing itself: its group toasts once (alert-group-toast.tsx).
 */
export function toastNewAlert(alert: Alert, preferences: NotificationPreferences): void {
  if (alert.groupId !== null) return;
  const kind = toastKindFor(alert, preferences);
  if (kind === null) return;
  const { title } = alertWords(alert, i18n.t, i18n.language);
  toast.error(i18n.t(`liveAlerts.${kind}`, { title }), { id: `alert-${alert.id}` });
}
