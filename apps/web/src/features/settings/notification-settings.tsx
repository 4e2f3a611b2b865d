import type { NotificationPreferences } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { Spinner } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { usePreferences } from '../../lib/auth/preferences-query';
import { useUpdateNotificationPreferences } from './preferences-mutation';

/** The on/off switches everyone has; the alert e-mail settings are a section of their own. */
type PreferenceKey = keyof Pick<
  NotificationPreferences,
  'criticalAlerts' | 'highAlerts' | 'warningAlerts' | 'notices' | 'emailDigest'
>;

const SWITCHES: readonly {
  key: PreferenceKey;
  label: `settings.notifications.${PreferenceKey}`;
  help: `settings.notifications.${PreferenceKey}Help`;
}[] = [
  {
    key: 'criticalAlerts',
    label: 'settings.notifications.criticalAlerts',
    help: 'settings.notifications.criticalAlertsHelp',
  },
  {
    key: 'highAlerts',
    label: 'settings.notifications.highAlerts',
    help: 'settings.notifications.highAlertsHelp',
  },
  {
    key: 'warningAlerts',
    label: 'settings.notifications.warningAlerts',
    help: 'settings.notifications.warningAlertsHelp',
  },
  {
    key: 'notices',
    label: 'settings.notifications.notices',
    help: 'settings.notifications.noticesHelp',
  },
  {
    key: 'emailDigest',
    label: 'settings.notifications.emailDigest',
    help: 'settings.notifications.emailDigestHelp',
  },
];

/** The per-account notification switches (GET and PATCH /api/profile/preferences). */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { data, status, refetch, isFetching } = usePreferences();
  const update = useUpdateNotificationPreferences();

  let content;
  if (status === 'pending') {
    content = (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  } else if (status === 'error') {
    content = (
      <QueryError
        message={t('settings.notifications.loadFailed')}
        onRetry={() => void refetch()}
        retrying={isFetching}
        testId="preferences-error"
      />
    );
  } else {
    content = (
      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        {SWITCHES.map((item) => (
          <Switch
            key={item.key}
            testId={`preference-${item.key}`}
            checked={data.notifications[item.key]}
            label={t(item.label)}
            description={t(item.help)}
            onChange={(checked) => update.mutate({ [item.key]: checked })}
          />
        ))}
      </div>
    );
  }

  return (
    <SectionCard
      title={t('settings.notifications.title')}
      description={t('settings.notifications.intro')}
      testId="notification-settings"
    >
      {content}
    </SectionCard>
  );
}
