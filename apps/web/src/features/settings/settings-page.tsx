import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import { AlertEmailSettings } from './alert-email-settings';
import { AppearanceSettings } from './appearance-settings';
import { NotificationSettings } from './notification-settings';
import { OtherSessions } from './other-sessions';
import { SettingsTabs } from './settings-tabs';
import { StorageSettings } from './storage-settings';
import { TwoFactorSettings } from './two-factor-settings';

/**
 * Sign-in security. A demo account is shared by everyone who tries the demo, so its sign-in cannot
 * be changed and signing out its other sessions would sign out strangers: neither is offered.
 */
function SecuritySettings() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <SectionCard
      title={t('settings.security.title')}
      description={t('settings.security.intro')}
      testId="security-settings"
    >
      {user?.isDemoUser ? (
        <InlineAlert tone="info" testId="security-demo-note">
          {t('settings.security.demoAccount')}
        </InlineAlert>
      ) : (
        <div className="divide-y divide-slate-200 dark:divide-slate-800 [&>*]:py-5 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
          <TwoFactorSettings />
          <OtherSessions />
        </div>
      )}
    </SectionCard>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.settings.title')} />
      <SettingsTabs />
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <AppearanceSettings />
          <NotificationSettings />
        </div>
        <div className="space-y-6">
          <AlertEmailSettings />
          <SecuritySettings />
          <StorageSettings />
        </div>
      </div>
    </>
  );
}
