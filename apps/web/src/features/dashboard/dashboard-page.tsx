import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useWallMode } from '../../lib/wall-mode';
import { CitizenHome, CityFiguresHeading } from './citizen-home';
import { DashboardNoticeCard } from './dashboard-notice-card';
import { FloodBanner } from './flood-banner';
import { LiveStatsCard } from './live-stats-card';
import { MetricCards } from './metric-cards';
import { RecentAlertsCard } from './recent-alerts-card';
import { SensorHealthCard } from './sensor-health-card';
import { SensorMapCard } from './sensor-map-card';
import { TrafficTrendCard } from './traffic-trend-card';
import { WallScreen, WallScreenLink } from './wall-screen';

/**
 * What the screen does with live events (its figures, a citizen's home and the wall screen); the
 * app hands them to the connection as the screen opens.
 */
export { dashboardLiveModules as liveModule } from './dashboard-live-modules';

/**
 * The selected city at a glance: six live figures, the traffic trend, the sensor map, recent alerts,
 * the latest notice, sensor health and the live stats. A citizen's starts with what affects them
 * now, in plain words; the same figures follow for those who want them.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { city } = useCity();
  const citizen = useAuth().user?.role === 'citizen';
  const wall = useWallMode();
  if (wall) return <WallScreen />;
  return (
    <>
      <PageHeader title={t('screens.dashboard.title')} actions={<WallScreenLink />} />
      {city && !citizen ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('dashboard.intro', { city: city.name })}
        </p>
      ) : null}
      <div className="space-y-6">
        <FloodBanner />
        {citizen ? <CitizenHome /> : null}
        {citizen ? <CityFiguresHeading /> : null}
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
