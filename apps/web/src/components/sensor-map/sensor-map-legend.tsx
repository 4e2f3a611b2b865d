import { SENSOR_STATUSES, SENSOR_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';

/**
 * What the map's colours mean: a single sensor is filled with its type's colour and ringed with
 * its status; a group is filled with the worst status inside. Both keys are listed.
 */
export function SensorMapLegend({ large = false }: { large?: boolean }) {
  const { t } = useTranslation(WALL_NAMESPACES);
  return (
    <div
      role="group"
      aria-label={t('legend.label')}
      data-testid="sensor-map-legend"
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-slate-700 dark:text-slate-300 ${large ? 'text-base' : 'text-xs'}`}
    >
      <span className="font-semibold">{t('legend.statuses')}</span>
      <ul className="contents">
        {SENSOR_STATUSES.map((status) => (
          <li
            key={status}
            data-testid="sensor-map-legend-item"
            data-status={status}
            className="inline-flex items-center gap-1.5"
          >
            <span
              aria-hidden="true"
              className={`${large ? 'size-4' : 'size-3'} shrink-0 rounded-full ring-1 ring-slate-900/20 dark:ring-white/40`}
              style={{ backgroundColor: SENSOR_STATUS_COLORS[status] }}
            />
            {t(`signedIn:sensors.status.${status}`)}
          </li>
        ))}
      </ul>
      <span className="font-semibold">{t('legend.types')}</span>
      <ul className="contents">
        {SENSOR_TYPES.map((type) => (
          <li
            key={type}
            data-testid="sensor-map-legend-type"
            data-type={type}
            className="inline-flex items-center gap-1.5"
          >
            <span
              aria-hidden="true"
              className={`${large ? 'size-4' : 'size-3'} shrink-0 rounded-full ring-1 ring-slate-900/20 dark:ring-white/40`}
              style={{ backgroundColor: SENSOR_TYPE_COLORS[type] }}
            />
            {t(`translation:sensorTypes.${type}`)}
          </li>
        ))}
      </ul>
      <span className="text-slate-600 dark:text-slate-400">{t('legend.clusterNote')}</span>
    </div>
  );
}
