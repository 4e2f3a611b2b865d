import { SENSOR_STATUSES, SENSOR_TYPES } from '@smart-city/shared';
import type { CityKey, SensorStatus, SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { formatNumber } from '../../lib/format/numbers';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { useCityTwin } from './city-twin-query';
import type { TwinData } from './city-twin-query';

/** The twin's sensors counted per type and status, and its active alerts. */
interface TwinCounts {
  byType: Record<SensorType, Record<SensorStatus, number>>;
  total: number;
  active: number;
  alerts: number;
  criticalAlerts: number;
}

/** Counts what the twin holds; the same figures as the stats endpoint gives for the city. */
function twinCounts(data: TwinData): TwinCounts {
  const byType = Object.fromEntries(
    SENSOR_TYPES.map((type) => [type, Object.fromEntries(SENSOR_STATUSES.map((s) => [s, 0]))]),
  ) as TwinCounts['byType'];
  let active = 0;
  data.layout.types.forEach((type, i) => {
    const status = data.statuses[i]!;
    byType[type][status] += 1;
    if (status === 'active') active += 1;
  });
  return {
    byType,
    total: data.layout.ids.length,
    active,
    alerts: data.alerts.length,
    criticalAlerts: data.alerts.filter((alert) => alert.severity === 'critical').length,
  };
}

/** The statistics box: sensors per type and status, the totals, and the active alerts. */
export function TwinStats({ city }: { city: CityKey }) {
  const { t, i18n } = useTranslation(CITY_TWIN_NAMESPACES);
  const { data: counts } = useCityTwin(city, twinCounts);
  if (!counts) return null;
  const n = (value: number) => formatNumber(value, i18n.language);
  const statusTotal = (status: SensorStatus) =>
    SENSOR_TYPES.reduce((sum, type) => sum + counts.byType[type][status], 0);
  const cell = 'px-1.5 py-1.5 text-right tabular-nums';
  return (
    <section
      id="twin-stats"
      aria-labelledby="twin-stats-title"
      data-testid="twin-stats"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="twin-stats-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        {t('stats.title')}
      </h2>
      <div
        className={`overflow-x-auto ${focusRing}`}
        // A narrow column scrolls the table sideways: the scroll box is reachable by keyboard.
        tabIndex={0}
        role="region"
        aria-labelledby="twin-stats-title"
      >
        <table className="w-full text-sm text-slate-700 dark:text-slate-200">
          <thead className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-1.5 py-1.5 text-left font-medium">
                {t('stats.type')}
              </th>
              {SENSOR_STATUSES.map((status) => (
                <th key={status} scope="col" className={`${cell} font-medium`}>
                  {t(`signedIn:sensors.status.${status}`)}
                </th>
              ))}
              <th scope="col" className={`${cell} font-medium`}>
                {t('stats.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {SENSOR_TYPES.map((type) => (
              <tr key={type} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-1.5 py-1.5 text-left font-medium">
                  {t(`translation:sensorTypes.${type}`)}
                </th>
                {SENSOR_STATUSES.map((status) => (
                  <td key={status} className={cell}>
                    {n(counts.byType[type][status])}
                  </td>
                ))}
                <td className={`${cell} font-semibold`}>
                  {n(SENSOR_STATUSES.reduce((sum, s) => sum + counts.byType[type][s], 0))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-200 font-semibold dark:border-slate-700">
              <th scope="row" className="px-1.5 py-1.5 text-left">
                {t('stats.allTypes')}
              </th>
              {SENSOR_STATUSES.map((status) => (
                <td
                  key={status}
                  className={cell}
                  data-testid={status === 'active' ? 'twin-stats-active' : undefined}
                >
                  {n(statusTotal(status))}
                </td>
              ))}
              <td className={cell} data-testid="twin-stats-total">
                {n(counts.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('stats.activeAlerts')}</dt>
          <dd
            className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="twin-stats-alerts"
          >
            {n(counts.alerts)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('stats.criticalAlerts')}</dt>
          <dd
            className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="twin-stats-critical"
          >
            {n(counts.criticalAlerts)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
