import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useCity } from '../../lib/city/city-context';
import { DashboardNoticeCard } from './dashboard-notice-card';
import { LiveStatsCard } from './live-stats-card';
import { MetricCards } from './metric-cards';
import { RecentAlertsCard } from './recent-alerts-card';
import { SensorHealthCard } from './sensor-health-card';
import { SensorMapCard } from './sensor-map-card';
import { TrafficTrendCard } from './traffic-trend-card';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { dashboardLive as liveModule } from './dashboard.live';

/**
 * The selected city at a glance: six live figures, the traffic trend, the sensor map, recent alerts,
 * the latest notice, sensor health and the live stats.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { city } = useCity();
  return (
    <>
      <PageHeader title={t('screens.dashboard.title')} />
      {city ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('dashboard.intro', { city: city.name })}
        </p>
      ) : null}
      <div className="space-y-6">
        <MetricCards />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <TrafficTrendCard />
            <SensorMapCard />
          </div>
          <div className="space-y-6">
            <RecentAlertsCard />
            <DashboardNoticeCard />
            <SensorHealthCard />
            <LiveStatsCard />
          </div>
        </div>
      </div>
    </>
  );
}
