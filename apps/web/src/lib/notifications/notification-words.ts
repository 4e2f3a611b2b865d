import type { Notification } from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { alertTitleWords } from '../alerts/alert-words';

/**
 * What a notification says: why the person was told ("Report #12 was closed", "Reminder: still not
 * acknowledged") and what it is about (the alert's title, or the start of what was reported).
 */
export function notificationWords(
  notification: Notification,
  t: TFunction,
): { why: string; about: string } {
  if ('alert' in notification) {
    return {
      why: t(`notification.${notification.kind}`, { actor: notification.actor ?? '' }),
      about: alertTitleWords(notification.alert, t),
    };
  }
  const { report } = notification;
  const values = { id: report.id, into: report.mergedInto ?? '', actor: notification.actor ?? '' };
  return {
    why:
      notification.kind === 'report_status'
        ? t(`notification.report_status.${report.status}`, values)
        : t(`notification.${notification.kind}`, values),
    about: report.description,
  };
}
