import type { SensorCounts } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { useCity } from '../../lib/city/city-context';
import { useSensorCounts } from '../../lib/sensors/sensor-counts-query';
import { CardQuery } from './card-states';
import { formatCount } from '../../lib/format/numbers';

export interface SensorHealth {
  total: number;
  active: number;
  offline: number;
  /** Registered, never heard from: neither active nor offline. */
  pending: number;
}

/** The health figures of the server's counts of the city's sensors. */
function sensorHealth(counts: SensorCounts): SensorHealth {
  return {
    total: counts.total,
    active: counts.byStatus.active,
    offline: counts.byStatus.offline,
    pending: counts.byStatus.pending,
  };
}

/** A count's colour: a status colour only when there is something to count; zero is neutral. */
export const NEUTRAL_COUNT = 'text-slate-500 dark:text-slate-400';

const FIGURES = [
  { key: 'total', tone: 'text-slate-900 dark:text-white' },
  { key: 'active', tone: 'text-emerald-700 dark:text-emerald-300' },
  { key: 'offline', tone: 'text-red-700 dark:text-red-300' },
] as const;

/**
 * Total, active and offline sensors of the city, counted by the server; status events make it ask
 * again, readings do not.
 */
export function SensorHealthCard() {
  const { t, i18n } = useTranslation();
  const { cityKey } = useCity();
  const query = useSensorCounts(cityKey, {});

  return (
    <SectionCard title={t('dashboard.health.title')} testId="sensor-health">
      <CardQuery query={query} errorMessage={t('dashboard.health.loadFailed')}>
        {(counts) => {
          const health = sensorHealth(counts);
          return health.total === 0 ? (
            <EmptyState icon={<Icon name="sensors" />} title={t('dashboard.health.empty')} />
          ) : (
            <>
              <dl className="grid grid-cols-3 gap-3">
                {FIGURES.map(({ key, tone }) => (
                  <div
                    key={key}
                    data-testid={`sensor-health-${key}`}
                    className="min-w-0 rounded-lg bg-slate-50 px-3 py-2 lg:px-2 dark:bg-slate-800/60"
                  >
                    <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
                      {t(`dashboard.health.${key}`)}
                    </dt>
                    <dd
                      data-tone={health[key] === 0 ? 'neutral' : key}
                      className={`text-2xl font-semibold tabular-nums lg:text-lg ${health[key] === 0 ? NEUTRAL_COUNT : tone}`}
                    >
                      {formatCount(health[key], i18n.language)}
                    </dd>
                  </div>
                ))}
              </dl>
              {health.pending > 0 && (
                <p
                  data-testid="sensor-health-pending"
                  className="mt-3 text-sm text-slate-600 dark:text-slate-400"
                >
                  {t('dashboard.health.pending', {
                    count: health.pending,
                    formatted: formatCount(health.pending, i18n.language),
                  })}
                </p>
              )}
            </>
          );
        }}
      </CardQuery>
    </SectionCard>
  );
}
