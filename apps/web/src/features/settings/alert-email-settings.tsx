import { canHandleAlerts } from '@smart-city/shared';
import type { CityKey, QuietHours } from '@smart-city/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { FilterChip, FilterChipGroup } from '../../components/filter-chips';
import { TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { Switch } from '../../components/switch';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useClientConfig } from '../../lib/client-config-query';
import { formatZoneName } from '../../lib/format/date-time';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { PreferenceSwitches, PreferencesCard } from './preference-switches';
import { useUpdateNotificationPreferences } from './preferences-mutation';

/** The time zone this browser runs in, which quiet hours are kept in. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Night hours, as a first choice when quiet hours are turned on. */
const NIGHT = { start: '22:00', end: '07:00' };

/** Quiet hours: on or off, and the span, saved when its times are changed. */
function QuietHoursFields({ quiet }: { quiet: QuietHours | null }) {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const update = useUpdateNotificationPreferences();
  const [span, setSpan] = useState({
    start: quiet?.start ?? NIGHT.start,
    end: quiet?.end ?? NIGHT.end,
  });
  const timeZone = quiet?.timeZone ?? browserTimeZone();
  const invalid = span.start === span.end;
  const changed = quiet !== null && (span.start !== quiet.start || span.end !== quiet.end);

  function save(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    update.mutate({ quietHours: { ...span, timeZone } });
  }

  return (
    <div className="py-3">
      <Switch
        testId="preference-quietHours"
        checked={quiet !== null}
        label={t('email.quietHours')}
        description={t('email.quietHoursHelp')}
        onChange={(on) =>
          update.mutate({ quietHours: on ? { ...span, timeZone: browserTimeZone() } : null })
        }
      />
      {quiet ? (
        <form onSubmit={save} className="mt-1 space-y-2" data-testid="quiet-hours-form">
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              type="time"
              label={t('email.quietFrom')}
              value={span.start}
              onChange={(event) => setSpan({ ...span, start: event.target.value })}
              className="w-36"
              data-testid="quiet-hours-start"
            />
            <TextField
              type="time"
              label={t('email.quietUntil')}
              value={span.end}
              onChange={(event) => setSpan({ ...span, end: event.target.value })}
              className="w-36"
              error={invalid ? t('email.quietInvalid') : undefined}
              data-testid="quiet-hours-end"
            />
            <button
              type="submit"
              className={secondaryButton}
              disabled={!changed || invalid || update.isPending}
            >
              {t('email.saveQuietHours')}
            </button>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('email.timeZone', { zone: formatZoneName(timeZone, i18n.language) })}
          </p>
        </form>
      ) : null}
    </div>
  );
}

/**
 * For operators and admins: whether alert e-mail reaches them, for which cities, and quiet hours
 * without e-mail. Says so when the server sends no e-mail at all.
 */
export function AlertEmailSettings() {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { allows } = useAuth();
  const { cities } = useCity();
  const config = useClientConfig();
  const update = useUpdateNotificationPreferences();
  if (!allows(canHandleAlerts)) return null;

  const alertEmail = [
    { key: 'emailAlerts', label: t('email.emailAlerts'), help: t('email.emailAlertsHelp') },
  ] as const;
  return (
    <PreferencesCard
      title={t('email.title')}
      description={t('email.intro')}
      testId="alert-email-settings"
      notice={
        config.data && !config.data.emailEnabled ? (
          <div className="mb-3">
            <InlineAlert tone="info" testId="email-off">
              {t('email.off')}
            </InlineAlert>
          </div>
        ) : null
      }
    >
      {(preferences) => {
        const covered = new Set<CityKey>(preferences.alertCities);
        const toggleCity = (city: CityKey) => {
          const next = new Set(covered);
          if (next.has(city)) next.delete(city);
          else next.add(city);
          update.mutate({ alertCities: cities.map((c) => c.key).filter((key) => next.has(key)) });
        };
        return (
          <>
            <PreferenceSwitches items={alertEmail} preferences={preferences} />
            <div className="py-3">
              <p className="text-sm font-medium text-slate-900 dark:text-white">
                {t('email.cities')}
              </p>
              <p className="mt-0.5 mb-2 text-xs text-slate-500 dark:text-slate-400">
                {t('email.citiesHelp')}
              </p>
              <FilterChipGroup label={t('email.cities')} testId="preference-alertCities">
                {cities.map((city) => (
                  <FilterChip
                    key={city.key}
                    label={city.name}
                    count={null}
                    pressed={covered.has(city.key)}
                    onSelect={() => toggleCity(city.key)}
                    testId={`preference-city-${city.key}`}
                  />
                ))}
              </FilterChipGroup>
            </div>
            <QuietHoursFields
              key={`${preferences.quietHours?.start}-${preferences.quietHours?.end}`}
              quiet={preferences.quietHours}
            />
          </>
        );
      }}
    </PreferencesCard>
  );
}
