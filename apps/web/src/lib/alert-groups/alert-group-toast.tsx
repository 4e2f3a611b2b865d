import type { AlertGroup, NotificationPreferences } from '@smart-city/shared';
import toast from 'react-hot-toast';
import { toastKindFor } from '../alerts/alert-preferences';
import { i18n } from '../i18n/i18n';
import { alertGroupPath } from '../paths';
import { alertGroupWords } from './alert-group-words';

/**
 * A flood toasts once, as a group, in place of the many toasts of its alerts: by the same switches
 * as one alert of its severity, and linking to the group. The toast's id keeps a repeated event
 * from toasting twice. The toast outlet is outside the router, so the link is a plain one.
 */
export function toastNewAlertGroup(
  group: AlertGroup,
  cityName: string,
  preferences: NotificationPreferences,
): void {
  if (toastKindFor(group, preferences) === null) return;
  const words = alertGroupWords(group, i18n.t, i18n.language);
  toast.error(
    <a
      href={alertGroupPath(group.id)}
      data-testid="alert-group-toast"
      className="font-medium underline-offset-2 hover:underline"
    >
      {i18n.t('alertGroups.toast', { city: cityName, words })}
    </a>,
    { id: `alert-group-${group.id}` },
  );
}
