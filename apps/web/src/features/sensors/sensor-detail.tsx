import type { City, ReadingWindow, Sensor } from '@smart-city/shared';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import {
  SensorFigure,
  SensorLatestValue,
  SensorPanelFrame,
  SensorPanelHeading,
} from '../../components/sensor-panel';
import { StaleAsOf } from '../../components/stale-as-of';
import { formatDateTime } from '../../lib/format/date-time';
import { formatCoordinates } from '../../lib/format/metric-value';
import { formatNumber } from '../../lib/format/numbers';
import { formatTimeAgo } from '../../lib/format/time-ago';
import { SensorHistory } from '../../components/sensor-history';
import { humaniseKey, metadataFigures } from './sensor-metadata';
import { SensorStatusBadge } from './sensor-status-badge';

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
    <SensorPanelFrame
      sensorId={sensor.id}
      titleId="sensor-detail-title"
      testId="sensor-detail"
      className="space-y-5 p-4 sm:p-5"
    >
      <SensorPanelHeading
        ref={headingRef}
        sensor={sensor}
        titleId="sensor-detail-title"
        icon
        closeLabel={t('sensors.detail.close')}
        closeTestId="sensor-detail-close"
        onClose={onClose}
      />

      <div className="flex flex-wrap items-end justify-between gap-3">
        <SensorLatestValue
          sensor={sensor}
          noReading={t('sensors.noReading')}
          testId="sensor-detail-value"
        />
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
        <SensorFigure label={t('sensors.detail.type')}>
          {t(`sensorTypes.${sensor.type}`)}
        </SensorFigure>
        <SensorFigure label={t('sensors.detail.place')}>{sensor.location}</SensorFigure>
        <SensorFigure label={t('sensors.detail.status')}>
          {t(`sensors.status.${sensor.status}`)}
        </SensorFigure>
        <SensorFigure label={t('sensors.detail.lastUpdate')}>
          {sensor.lastReading ? (
            <time dateTime={sensor.lastReading}>
              {formatTimeAgo(sensor.lastReading, now, locale)} ·{' '}
              {formatDateTime(sensor.lastReading, locale, city?.timeZone)}
            </time>
          ) : (
            '—'
          )}
        </SensorFigure>
        <SensorFigure label={t('sensors.detail.id')}>
          <span translate="no" className="font-mono text-xs">
            {sensor.id}
          </span>
        </SensorFigure>
        <SensorFigure label={t('sensors.detail.coordinates')}>
          {formatCoordinates(sensor.lat, sensor.lng, locale)}
        </SensorFigure>
        {figures.map((figure) => (
          <SensorFigure key={figure.key} label={metadataLabel(figure.key)}>
            {typeof figure.value === 'number'
              ? `${formatNumber(figure.value, locale)}${figure.unit ? ` ${figure.unit}` : ''}`
              : (metadataValue(figure.key, figure.value) ?? (
                  <span translate="no">{figure.value}</span>
                ))}
          </SensorFigure>
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
    </SensorPanelFrame>
  );
});
