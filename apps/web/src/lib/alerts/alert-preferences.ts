import type { Alert, NotificationPreferences } from '@smart-city/shared';

/**
 * Whether a person's notification switches let an alert into the bell: critical and high alerts each
 * have their own switch, and the milder ones (warning, info) are listed only with "warnings" on.
 */
export function bellShowsAlert(
  alert: Pick<Alert, 'severity'>,
  preferences: NotificationPreferences,
): boolean {
  switch (alert.severity) {
    case 'critical':
      return preferences.criticalAlerts;
    case 'high':
      return preferences.highAlerts;
    case 'warning':
    case 'info':
      return preferences.warningAlerts;
  }
}

/** Which toast a new alert gets, if any: only critical and high alerts toast, each by its switch. */
export function toastKindFor(
  alert: Pick<Alert, 'severity'>,
  preferences: NotificationPreferences,
): 'critical' | 'high' | null {
  if (alert.severity === 'critical' && preferences.criticalAlerts) return 'critical';
  if (alert.severity === 'high' && preferences.highAlerts) return 'high';
  return null;
}
