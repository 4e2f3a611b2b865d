import { METRIC_UNITS, SENSOR_TYPES } from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { WindowSwitch } from '../../components/charts/window-switch';
import { labelClass } from '../../components/form-field';
import { useCity } from '../../lib/city/city-context';
import { isCityKey } from '../../lib/city/city-storage';
import { SCREEN_WINDOWS } from './analytics-params';
import type { ScreenWindow } from './analytics-params';

const selectClass = `w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`;

/** City and metric pickers and the 24h / 7d / 30d switch. */
export function AnalyticsFilters({
  city,
  metric,
  window,
  onChange,
}: {
  city: CityKey;
  metric: SensorType;
  window: ScreenWindow;
  onChange: (changes: Partial<{ city: CityKey; metric: SensorType; window: ScreenWindow }>) => void;
}) {
  const { t } = useTranslation();
  const { cities } = useCity();
  const cityId = useId();
  const metricId = useId();
  const windowLabelId = useId();
  return (
    <section
      aria-label={t('analytics.filters')}
      className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,16rem)_auto] lg:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <label htmlFor={cityId} className={labelClass}>
          {t('analytics.city')}
        </label>
        <select
          id={cityId}
          data-testid="analytics-city"
          value={city}
          onChange={(event) => {
            if (isCityKey(event.target.value)) onChange({ city: event.target.value });
          }}
          className={selectClass}
        >
          {/* The chosen city stays selectable while the list of names is still on its way. */}
          {cities.length > 0 ? (
            cities.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))
          ) : (
            <option value={city}>{city}</option>
          )}
        </select>
      </div>
      <div>
        <label htmlFor={metricId} className={labelClass}>
          {t('analytics.metric')}
        </label>
        <select
          id={metricId}
          data-testid="analytics-metric"
          value={metric}
          onChange={(event) => {
            const next = SENSOR_TYPES.find((type) => type === event.target.value);
            if (next) onChange({ metric: next });
          }}
          className={selectClass}
        >
          {SENSOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {t('analytics.metricOption', {
                metric: t(`sensorTypes.${type}`),
                unit: METRIC_UNITS[type],
              })}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-1">
        <p id={windowLabelId} className={labelClass}>
          {t('analytics.window')}
        </p>
        <WindowSwitch
          windows={SCREEN_WINDOWS}
          value={window}
          onChange={(option) => onChange({ window: option })}
          labelledBy={windowLabelId}
          testId="analytics-window"
        />
      </div>
    </section>
  );
}
