import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { useCity } from '../../lib/city/city-context';
import { useSocket } from '../../lib/live/live-state';
import { liveReadiness } from './live-readiness';
import { LiveWaiting } from './live-waiting';

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
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd data-testid={testId} className={`text-2xl font-semibold tabular-nums ${tone}`}>
        {count}
      </dd>
    </div>
  );
}

/** The live counts of the city, when they were last updated, and whether they are simulated. */
export function LiveStatsCard() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const live = useSocket();
  const { stats } = live;
  const readiness = liveReadiness(live, cityKey);
  // The fallback's figures stand in for any city while the connection is down.
  const shown = stats && (stats.simulated || readiness === 'ready') ? stats : null;

  const simulatedBadge = shown?.simulated ? (
    <span
      data-testid="live-stats-simulated"
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      {t('connection.simulated')}
    </span>
  ) : null;

  return (
    <SectionCard title={t('dashboard.stats.title')} actions={simulatedBadge} testId="live-stats">
      {shown === null ? (
        <LiveWaiting readiness={readiness === 'ready' ? 'loading' : readiness} />
      ) : (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-3">
            <AlertCount
              label={t('dashboard.stats.activeAlerts')}
              count={shown.alerts}
              tone="text-slate-900 dark:text-white"
              testId="live-stats-alerts"
            />
            <AlertCount
              label={t('dashboard.stats.criticalAlerts')}
              count={shown.criticalAlerts}
              tone="text-red-700 dark:text-red-300"
              testId="live-stats-critical"
            />
            <div className="col-span-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <dt className="text-slate-600 dark:text-slate-400">
                {t('dashboard.stats.lastUpdate')}
              </dt>
              <dd
                data-testid="live-stats-last-update"
                className="font-medium text-slate-900 dark:text-white"
              >
                {shown.lastUpdate ? (
                  <TimeAgo iso={shown.lastUpdate} />
                ) : (
                  t('dashboard.stats.noUpdate')
                )}
              </dd>
            </div>
          </dl>
          {shown.simulated ? (
            <p className="text-xs text-amber-800 dark:text-amber-300">
              {t('dashboard.stats.simulatedNote')}
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
