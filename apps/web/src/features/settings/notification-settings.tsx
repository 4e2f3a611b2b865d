import { useTranslation } from 'react-i18next';
import { PreferenceSwitches, PreferencesCard, type SwitchPreference } from './preference-switches';

/** The on/off switches everyone has; the alert e-mail settings are a section of their own. */
const SWITCHES = [
  'criticalAlerts',
  'highAlerts',
  'warningAlerts',
  'notices',
  'emailDigest',
  'emailReports',
] as const satisfies readonly SwitchPreference[];

/** The per-account notification switches (GET and PATCH /api/profile/preferences). */
export function NotificationSettings() {
  const { t } = useTranslation();
  const items = SWITCHES.map((key) => ({
    key,
    label: t(`settings.notifications.${key}`),
    help: t(`settings.notifications.${key}Help`),
  }));
  return (
    <PreferencesCard
      title={t('settings.notifications.title')}
      description={t('settings.notifications.intro')}
      testId="notification-settings"
      errorTestId="preferences-error"
    >
      {(preferences) => <PreferenceSwitches items={items} preferences={preferences} />}
    </PreferencesCard>
  );
}
