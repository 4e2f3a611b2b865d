import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { useCity } from '../../lib/city/city-context';
import { useSocket } from '../../lib/live/live-state';
import type { LiveData } from '../../lib/live/live-state';
import { liveReadiness } from './live-readiness';
import { LiveWaiting } from './live-waiting';

export interface SensorHealth {
  total: number;
  active: number;
  offline: number;
}

/**
 * Counts of the city's registered sensors by status, from the live state (its snapshot is
 * GET /api/sensors, kept current by status events). The fallback's simulated sensors are not counted.
 */
export function sensorHealth(sensors: LiveData['sensors']): SensorHealth {
  const registered = Object.values(sensors).filter(
    (sensor) => !sensor.simulated && sensor.type !== null,
  );
  return {
    total: registered.length,
    active: registered.filter((sensor) => sensor.status === 'active').length,
    offline: registered.filter((sensor) => sensor.status === 'offline').length,
  };
}

const FIGURES = [
  { key: 'total', tone: 'text-slate-900 dark:text-white' },
  { key: 'active', tone: 'text-emerald-700 dark:text-emerald-300' },
  { key: 'offline', tone: 'text-red-700 dark:text-red-300' },
] as const;

/** Total, active and offline sensors of the city. */
export function SensorHealthCard() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const live = useSocket();
  const readiness = liveReadiness(live, cityKey);
  const health = sensorHealth(live.sensors);

  let content;
  if (readiness !== 'ready') {
    content = <LiveWaiting readiness={readiness} />;
  } else if (health.total === 0) {
    content = <EmptyState icon={<Icon name="sensors" />} title={t('dashboard.health.empty')} />;
  } else {
    content = (
      <dl className="grid grid-cols-3 gap-3">
        {FIGURES.map(({ key, tone }) => (
          <div
            key={key}
            data-testid={`sensor-health-${key}`}
            className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
          >
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t(`dashboard.health.${key}`)}
            </dt>
            <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{health[key]}</dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <SectionCard title={t('dashboard.health.title')} testId="sensor-health">
      {content}
    </SectionCard>
  );
}
