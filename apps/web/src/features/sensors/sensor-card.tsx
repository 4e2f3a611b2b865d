import type { Sensor } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { ServiceIcon } from '../../components/icon';
import { formatSensorReading, formatTimeAgo } from '../../components/sensor-map/sensor-format';
import { sensorTypeColor } from '../../components/sensor-map/sensor-type-colors';
import { formatDateTime } from '../../lib/format-date-time';
import { SensorStatusBadge } from './sensor-status-badge';

/** One sensor in the list: a button that opens its details. */
export function SensorCard({
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
  const color = sensorTypeColor(sensor.type);
  return (
    <li className="min-w-0">
      <button
        type="button"
        data-testid="sensor-card"
        data-sensor-id={sensor.id}
        aria-pressed={selected}
        onClick={() => onOpen(sensor.id)}
        className={`flex h-full w-full flex-col gap-3 rounded-xl border bg-white p-4 text-left shadow-sm transition-colors hover:border-sky-400 dark:bg-slate-900 dark:hover:border-sky-500 ${focusRing} ${
          selected
            ? 'border-sky-600 ring-2 ring-sky-600/40 dark:border-sky-400'
            : 'border-slate-200 dark:border-slate-800'
        }`}
      >
        <div className="flex w-full items-start gap-3">
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
              className="block truncate font-semibold text-slate-900 dark:text-white"
            >
              {sensor.name}
            </span>
            <span className="block truncate text-sm text-slate-600 dark:text-slate-400">
              {t(`sensorTypes.${sensor.type}`)} · {sensor.location}
            </span>
          </span>
        </div>
        <div className="flex w-full flex-wrap items-end justify-between gap-2">
          <span
            data-testid="sensor-value"
            data-value={sensor.value ?? ''}
            className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-white"
          >
            {sensor.value === null ? (
              <span className="text-base font-normal text-slate-500 dark:text-slate-400">
                {t('sensors.noReading')}
              </span>
            ) : (
              formatSensorReading(sensor.value, sensor.unit, locale)
            )}
          </span>
          <SensorStatusBadge status={sensor.status} />
        </div>
        {sensor.lastReading ? (
          <time
            dateTime={sensor.lastReading}
            title={formatDateTime(sensor.lastReading, locale)}
            data-testid="sensor-updated"
            className="text-xs text-slate-600 dark:text-slate-400"
          >
            {t('sensors.updated', { time: formatTimeAgo(sensor.lastReading, now, locale) })}
          </time>
        ) : null}
      </button>
    </li>
  );
}
