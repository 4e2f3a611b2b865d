import type { NotificationPreferences } from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { Switch } from '../../components/switch';
import { usePreferences } from '../../lib/auth/preferences-query';
import { useUpdateNotificationPreferences } from './preferences-mutation';

/** The notification preferences that are on or off. */
export type SwitchPreference = {
  [K in keyof NotificationPreferences]: NotificationPreferences[K] extends boolean ? K : never;
}[keyof NotificationPreferences];

/** One switch of a list: the preference, its name and what it does, in the reader's words. */
export type PreferenceSwitchItem = { key: SwitchPreference; label: string; help: string };

/**
 * A settings card over the account's notification preferences: a spinner while they load, the
 * failure with a retry, then `children` with the preferences (a divided list).
 */
export function PreferencesCard({
  title,
  description,
  testId,
  errorTestId,
  notice,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  errorTestId?: string;
  /** Said above the preferences whatever their state (e-mail is off on this server). */
  notice?: ReactNode;
  children: (preferences: NotificationPreferences) => ReactNode;
}) {
  const { t } = useTranslation();
  const query = usePreferences();
  return (
    <SectionCard title={title} description={description} testId={testId}>
      {notice}
      <QueryContent
        query={query}
        errorMessage={t('settings.notifications.loadFailed')}
        errorTestId={errorTestId}
      >
        {(data) => (
          <div className="divide-y divide-slate-200 dark:divide-slate-800">
            {children(data.notifications)}
          </div>
        )}
      </QueryContent>
    </SectionCard>
  );
}

/** On/off preferences as switches (`preference-<key>`), each saved as soon as it is moved. */
export function PreferenceSwitches({
  items,
  preferences,
}: {
  items: readonly PreferenceSwitchItem[];
  preferences: NotificationPreferences;
}) {
  const update = useUpdateNotificationPreferences();
  return items.map((item) => (
    <Switch
      key={item.key}
      testId={`preference-${item.key}`}
      checked={preferences[item.key]}
      label={item.label}
      description={item.help}
      onChange={(checked) => update.mutate({ [item.key]: checked })}
    />
  ));
}
