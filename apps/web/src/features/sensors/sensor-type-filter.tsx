import { SENSOR_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { SENSOR_TYPE_COLORS } from '../../components/sensor-map/sensor-type-colors';
import type { SensorTypeFilter } from './sensor-filters';

const OPTIONS: readonly SensorTypeFilter[] = ['all', ...SENSOR_TYPES];

/** Toggle buttons for All and each type, each with the number of sensors it would show. */
export function SensorTypeFilterBar({
  counts,
  selected,
  onSelect,
}: {
  counts: Record<SensorTypeFilter, number>;
  selected: SensorTypeFilter;
  onSelect: (type: SensorTypeFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('sensors.filterLabel')}
      data-testid="sensor-type-filter"
      className="flex flex-wrap gap-2"
    >
      {OPTIONS.map((option) => {
        const pressed = option === selected;
        const name = option === 'all' ? t('sensors.all') : t(`sensorTypes.${option}`);
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            data-testid={`sensor-type-filter-${option}`}
            onClick={() => onSelect(option)}
            className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors ${focusRing} ${
              pressed
                ? 'border-sky-700 bg-sky-700 text-white dark:border-sky-400 dark:bg-sky-400 dark:text-slate-950'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {option === 'all' ? null : (
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full ring-1 ring-white/70"
                style={{ backgroundColor: SENSOR_TYPE_COLORS[option] }}
              />
            )}
            <span>{name}</span>
            <span
              data-testid="sensor-type-count"
              className={`rounded-full px-1.5 text-xs tabular-nums ${
                pressed
                  ? 'bg-white text-sky-800 dark:bg-slate-950 dark:text-sky-200'
                  : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'
              }`}
            >
              {counts[option]}
            </span>
          </button>
        );
      })}
    </div>
  );
}
