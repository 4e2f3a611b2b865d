import type { Sensor } from '@smart-city/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { ServiceIcon } from '../../components/service-icon';
import { sensorTypeColor } from '../../components/sensor-map/sensor-type-colors';
import { useCityDates } from '../../lib/format/use-city-dates';
import { formatMetricReading } from '../../lib/format/metric-value';
import { formatTimeAgo } from '../../lib/format/time-ago';
import { SensorStatusBadge } from './sensor-status-badge';
import { readingLevel } from '../../lib/sensors/sensor-thresholds';

/** A reading past a threshold is coloured by how far, and says so in a word. */
const LEVEL_TEXT = {
  warning: 'text-amber-700 dark:text-amber-300',
  high: 'text-orange-700 dark:text-orange-300',
  critical: 'text-red-700 dark:text-red-300',
} as const;

/** Height of one row of the sensor list, in pixels: the virtual list lays rows out by it. */
export const SENSOR_ROW_HEIGHT_PX = 76;

/**
 * One sensor in the list: a button that opens its details. Memoised: a live batch re-renders only
 * the rows whose sensor changed.
 */
export const SensorCard = memo(function SensorCard({
  sensor,
  selected,
  now,
  onOpen,
}: {
  sensor: Sensor;
  selected: boolean;
  now: Date;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const dates = useCityDates();
  const color = sensorTypeColor(sensor.type);
  const level = readingLevel(sensor);
  return (
    <button
      type="button"
      data-testid="sensor-card"
      data-sensor-id={sensor.id}
      aria-pressed={selected}
      onClick={() => onOpen(sensor.id)}
      style={{ height: SENSOR_ROW_HEIGHT_PX - 8 }}
      className={`flex w-full items-center gap-3 rounded-lg border bg-white px-3 text-left shadow-sm transition-colors hover:border-sky-400 dark:bg-slate-900 dark:hover:border-sky-500 ${focusRing} ${
        selected
          ? 'border-sky-600 ring-2 ring-sky-600/40 dark:border-sky-400'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg text-white"
        style={{ backgroundColor: color }}
      >
        <ServiceIcon type={sensor.type} size={18} />
      </span>
      <span className="min-w-0 flex-1">
        <span
          data-testid="sensor-name"
          className="block truncate text-sm font-semibold text-slate-900 dark:text-white"
        >
          {sensor.name}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
          {t(`sensorTypes.${sensor.type}`)} · {sensor.location}
          {sensor.lastReading ? (
            <>
              {' · '}
              <time
                dateTime={sensor.lastReading}
                title={dates.dateTime(sensor.lastReading)}
                data-testid="sensor-updated"
              >
                {t('sensors.updated', { time: formatTimeAgo(sensor.lastReading, now, locale) })}
              </time>
            </>
          ) : null}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span
          data-testid="sensor-value"
          data-value={sensor.value ?? ''}
          data-level={level ?? 'normal'}
          className={`text-sm font-semibold tabular-nums ${level ? LEVEL_TEXT[level] : 'text-slate-900 dark:text-white'}`}
        >
          {level ? (
            <span data-testid="sensor-level" className="mr-1.5 text-xs font-bold uppercase">
              {t(`severity.${level}`)}
            </span>
          ) : null}
          {sensor.value === null ? (
            <span className="font-normal text-slate-600 dark:text-slate-400">
              {t('sensors.noReading')}
            </span>
          ) : (
            formatMetricReading(sensor.value, sensor.type, sensor.unit, locale)
          )}
        </span>
        {/* The device's health, apart from what it measures. */}
        <SensorStatusBadge status={sensor.status} />
      </span>
    </button>
  );
});
