import { SENSOR_STATUSES, SENSOR_TYPES } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { ALERT_SEVERITY_COLORS, MAP_ALERT_SEVERITIES } from './alert-severity-colors';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';

/** One key of the legend: a heading, then a swatch and a word for each entry. */
function LegendKey({
  title,
  entries,
  testId,
  large,
}: {
  title: string;
  entries: readonly { id: string; data: Record<string, string>; color: string; label: string }[];
  testId: string;
  large: boolean;
}) {
  return (
    <>
      <span className="font-semibold">{title}</span>
      <ul className="contents">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid={testId}
            {...entry.data}
            className="inline-flex items-center gap-1.5"
          >
            <span
              aria-hidden="true"
              className={`${large ? 'size-4' : 'size-3'} shrink-0 rounded-full ring-1 ring-slate-900/20 dark:ring-white/40`}
              style={{ backgroundColor: entry.color }}
            />
            {entry.label}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the map's colours mean: a single sensor is filled with its type's colour, ringed with its
 * status and haloed with its worst alert; a group is filled with its worst alert's colour, or else
 * its worst status's. The three keys are listed; no colour means two things.
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
      <LegendKey
        title={t('legend.statuses')}
        testId="sensor-map-legend-item"
        large={large}
        entries={SENSOR_STATUSES.map((status) => ({
          id: status,
          data: { 'data-status': status },
          color: SENSOR_STATUS_COLORS[status],
          label: t(`signedIn:sensors.status.${status}`),
        }))}
      />
      <LegendKey
        title={t('legend.alerts')}
        testId="sensor-map-legend-alert"
        large={large}
        entries={MAP_ALERT_SEVERITIES.map((severity) => ({
          id: severity,
          data: { 'data-severity': severity },
          color: ALERT_SEVERITY_COLORS[severity],
          label: t(`signedIn:severity.${severity}`),
        }))}
      />
      <LegendKey
        title={t('legend.types')}
        testId="sensor-map-legend-type"
        large={large}
        entries={SENSOR_TYPES.map((type) => ({
          id: type,
          data: { 'data-type': type },
          color: SENSOR_TYPE_COLORS[type],
          label: t(`translation:sensorTypes.${type}`),
        }))}
      />
      <span className="text-slate-600 dark:text-slate-400">{t('legend.clusterNote')}</span>
    </div>
  );
}
