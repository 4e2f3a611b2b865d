import type { Stats } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { useCity } from '../../lib/city/city-context';
import { formatUnit } from '../../lib/format/metric-value';
import { useRecentAlerts } from '../../lib/alerts/recent-alerts-query';
import { fallbackStats } from '../../lib/live/fallback-readings';
import type { FallbackSensor } from '../../lib/live/fallback-readings';
import { useLiveFallback } from '../../lib/live/live-state';
import { useStats } from '../../lib/stats/stats-query';
import { CardQuery } from './card-states';
import { NEUTRAL_COUNT } from './sensor-health-card';
import { formatCount, formatNumber } from '../../lib/format/numbers';

/** One count in a tile: its name, then the number large in the given text colour. */
function AlertCount({
  label,
  count,
  tone,
  testId,
}: {
  label: string;
  count: number;
  tone: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd
        data-testid={testId}
        data-tone={count === 0 ? 'neutral' : 'alarm'}
        className={`text-2xl font-semibold tabular-nums ${count === 0 ? NEUTRAL_COUNT : tone}`}
      >
        {formatCount(count, i18n.language)}
      </dd>
    </div>
  );
}

/** The live counts of the city, when they were last updated, and whether they are simulated. */
export function LiveStatsCard() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const query = useStats(cityKey);
  const fallback = useLiveFallback();
  const simulated = fallback !== null;

  const simulatedBadge = simulated ? (
    <span
      data-testid="live-stats-simulated"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      {t('connection.simulated')}
    </span>
  ) : null;

  return (
    <SectionCard title={t('dashboard.stats.title')} actions={simulatedBadge} testId="live-stats">
      {fallback ? (
        // While the connection is down the fallback's figures stand in, marked as simulated.
        <SimulatedFigures at={fallback.at} sensors={fallback.sensors} />
      ) : (
        <CardQuery query={query} errorMessage={t('dashboard.stats.loadFailed')}>
          {(stats) => <StatsFigures stats={stats} simulated={false} />}
        </CardQuery>
      )}
    </SectionCard>
  );
}

/**
 * The fallback's stats, counting the alerts this page last knew of, and its three simulated
 * readings, each labelled: they never mix with the real values or their history.
 */
function SimulatedFigures({ at, sensors }: { at: string; sensors: readonly FallbackSensor[] }) {
  const { t, i18n } = useTranslation();
  const { cityKey } = useCity();
  const alerts = useRecentAlerts(cityKey).data ?? [];
  return (
    <div className="space-y-3">
      <StatsFigures stats={fallbackStats(at, alerts)} simulated />
      <ul
        aria-label={t('dashboard.stats.simulatedReadingsLabel')}
        data-testid="fallback-readings"
        className="divide-y divide-amber-200 rounded-lg border border-dashed border-amber-300 dark:divide-amber-900 dark:border-amber-800"
      >
        {sensors.map((sensor) => (
          <li
            key={sensor.id}
            data-testid="fallback-reading"
            data-sensor-id={sensor.id}
            className="flex items-baseline justify-between gap-2 px-3 py-1.5 text-sm"
          >
            <span className="min-w-0 truncate text-slate-700 dark:text-slate-300">
              {t(`sensorTypes.${sensor.type}`)}
              <span className="ml-2 text-xs font-semibold text-amber-800 dark:text-amber-300">
                {t('dashboard.stats.simulatedReadings')}
              </span>
            </span>
            <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
              {formatNumber(sensor.value, i18n.language)} {formatUnit(sensor.unit, i18n.language)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The counts and the last update; with a note while they are simulated. */
function StatsFigures({ stats, simulated }: { stats: Stats; simulated: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3">
        <AlertCount
          label={t('dashboard.stats.activeAlerts')}
          count={stats.alerts}
          tone="text-slate-900 dark:text-white"
          testId="live-stats-alerts"
        />
        <AlertCount
          label={t('dashboard.stats.criticalAlerts')}
          count={stats.criticalAlerts}
          tone="text-red-700 dark:text-red-300"
          testId="live-stats-critical"
        />
        <div className="col-span-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">{t('dashboard.stats.lastUpdate')}</dt>
          <dd
            data-testid="live-stats-last-update"
            className="font-medium text-slate-900 dark:text-white"
          >
            {stats.lastUpdate ? <TimeAgo iso={stats.lastUpdate} /> : t('dashboard.stats.noUpdate')}
          </dd>
        </div>
      </dl>
      {simulated ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          {t('dashboard.stats.simulatedNote')}
        </p>
      ) : null}
    </div>
  );
}
