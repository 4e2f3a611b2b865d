import type { City, ReadingWindow, Sensor } from '@smart-city/shared';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton, primaryButton, secondaryButton } from '../../components/button-styles';
import { Icon, ServiceIcon } from '../../components/icon';
import { sensorTypeColor } from '../../components/sensor-map/sensor-type-colors';
import { StaleAsOf } from '../../components/stale-as-of';
import { formatDateTime } from '../../lib/format/date-time';
import {
  formatCoordinates,
  formatMetricReading,
  formatNumber,
} from '../../lib/format/metric-value';
import { formatTimeAgo } from '../../lib/format/time-ago';
import { SensorHistory } from '../../components/sensor-history';
import { humaniseKey, metadataFigures } from './sensor-metadata';
import { SensorStatusBadge } from './sensor-status-badge';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

export interface MaintenanceControl {
  /** Whether the signed-in person may change the status (operators and admins). */
  allowed: boolean;
  pending: boolean;
  onChange: (status: 'maintenance' | 'active') => void;
}

/** Everything about one sensor: figures, its maintenance switch and its history. */
export const SensorDetail = forwardRef<
  HTMLHeadingElement,
  {
    sensor: Sensor;
    /** When the sensor's data last changed on this page: said while the live connection is down. */
    updatedAt: number;
    city: City | null;
    now: Date;
    window: ReadingWindow;
    onWindowChange: (window: ReadingWindow) => void;
    onClose: () => void;
    maintenance: MaintenanceControl;
  }
>(function SensorDetail(
  { sensor, updatedAt, city, now, window, onWindowChange, onClose, maintenance },
  headingRef,
) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const metadataLabel = (key: string) =>
    i18n.exists(`sensors.metadata.${key}`)
      ? t(`sensors.metadata.${key}` as 'sensors.metadata.metric')
      : humaniseKey(key);
  // A value the platform knows (a land use, a metric) in the reader's words; a city's own as it is.
  const metadataValue = (key: string, value: string) =>
    i18n.exists(`sensors.metadataValues.${key}.${value}`)
      ? t(`sensors.metadataValues.${key}.${value}` as 'sensors.metadataValues.metric.aqi')
      : null;
  const figures = metadataFigures(sensor.metadata);
  const inMaintenance = sensor.status === 'maintenance';

  return (
    <section
      aria-labelledby="sensor-detail-title"
      data-testid="sensor-detail"
      data-sensor-id={sensor.id}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg text-white"
          style={{ backgroundColor: sensorTypeColor(sensor.type) }}
        >
          <ServiceIcon type={sensor.type} size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            id="sensor-detail-title"
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-lg font-semibold text-slate-900 outline-none dark:text-white"
          >
            {sensor.name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t(`sensorTypes.${sensor.type}`)} · {sensor.location}
          </p>
        </div>
        <button
          type="button"
          className={iconButton}
          onClick={onClose}
          aria-label={t('sensors.detail.close')}
          data-testid="sensor-detail-close"
        >
          <Icon name="close" />
        </button>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <p
          data-testid="sensor-detail-value"
          className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white"
        >
          {sensor.value === null ? (
            <span className="text-base font-normal text-slate-600 dark:text-slate-400">
              {t('sensors.noReading')}
            </span>
          ) : (
            formatMetricReading(sensor.value, sensor.type, sensor.unit, locale)
          )}
        </p>
        <SensorStatusBadge status={sensor.status} />
        {sensor.maintenanceUntil ? (
          <p
            data-testid="sensor-maintenance-until"
            className="flex w-full items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"
          >
            <Icon name="wrench" size={16} />
            <span>
              {t('sensors.detail.maintenanceUntil', {
                time: formatDateTime(sensor.maintenanceUntil, locale, city?.timeZone),
              })}
            </span>
          </p>
        ) : null}
        <StaleAsOf updatedAt={updatedAt} testId="sensor-detail-stale" className="w-full" />
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure label={t('sensors.detail.type')}>{t(`sensorTypes.${sensor.type}`)}</Figure>
        <Figure label={t('sensors.detail.place')}>{sensor.location}</Figure>
        <Figure label={t('sensors.detail.status')}>{t(`sensors.status.${sensor.status}`)}</Figure>
        <Figure label={t('sensors.detail.lastUpdate')}>
          {sensor.lastReading ? (
            <time dateTime={sensor.lastReading}>
              {formatTimeAgo(sensor.lastReading, now, locale)} ·{' '}
              {formatDateTime(sensor.lastReading, locale, city?.timeZone)}
            </time>
          ) : (
            '—'
          )}
        </Figure>
        <Figure label={t('sensors.detail.id')}>
          <span translate="no" className="font-mono text-xs">
            {sensor.id}
          </span>
        </Figure>
        <Figure label={t('sensors.detail.coordinates')}>
          {formatCoordinates(sensor.lat, sensor.lng, locale)}
        </Figure>
        {figures.map((figure) => (
          <Figure key={figure.key} label={metadataLabel(figure.key)}>
            {typeof figure.value === 'number'
              ? `${formatNumber(figure.value, locale)}${figure.unit ? ` ${figure.unit}` : ''}`
              : (metadataValue(figure.key, figure.value) ?? (
                  <span translate="no">{figure.value}</span>
                ))}
          </Figure>
        ))}
      </dl>

      {maintenance.allowed ? (
        <div>
          <button
            type="button"
            data-testid="sensor-maintenance-toggle"
            className={inMaintenance ? primaryButton : secondaryButton}
            disabled={maintenance.pending}
            onClick={() => maintenance.onChange(inMaintenance ? 'active' : 'maintenance')}
          >
            <Icon name="settings" size={16} />
            {maintenance.pending
              ? t('sensors.detail.changingStatus')
              : inMaintenance
                ? t('sensors.detail.returnToService')
                : t('sensors.detail.maintenance')}
          </button>
        </div>
      ) : null}

      <SensorHistory
        sensor={sensor}
        window={window}
        onWindowChange={onWindowChange}
        timeZone={city?.timeZone}
      />
    </section>
  );
});
