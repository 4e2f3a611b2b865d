import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { preloadSensorMap, SensorMap } from '../../components/sensor-map/sensor-map';
import { useCity } from '../../lib/city/city-context';
import { PATHS } from '../../lib/paths';
import { useSensorCounts } from '../../lib/sensors/sensor-counts-query';
import { CardLink } from './card-link';
import { CardQuery, CardSkeleton } from './card-states';
import { useFiguresSettled } from './use-figures-settled';

/** The city's sensors on a clustered map, and the way to the Sensors screen. */
export function SensorMapCard() {
  const { t } = useTranslation();
  const { cityKey, city } = useCity();
  const query = useSensorCounts(cityKey, {});
  const figuresSettled = useFiguresSettled();
  const queryClient = useQueryClient();
  // The map's code arrives while the figures load; only its marks wait for them.
  useEffect(() => preloadSensorMap(queryClient), [queryClient]);

  let content;
  if (city === null || !figuresSettled) {
    content = <CardSkeleton lines={6} />;
  } else {
    content = (
      <CardQuery query={query} lines={6} errorMessage={t('dashboard.health.loadFailed')}>
        {(counts) =>
          counts.total === 0 ? (
            <EmptyState icon={<Icon name="sensors" />} title={t('dashboard.health.empty')} />
          ) : (
            <SensorMap city={city} className="h-80" />
          )
        }
      </CardQuery>
    );
  }

  return (
    <SectionCard
      title={t('dashboard.map.title')}
      actions={
        <CardLink to={PATHS.sensors} testId="dashboard-view-all-sensors">
          {t('dashboard.map.viewAll')}
        </CardLink>
      }
      testId="dashboard-sensor-map"
    >
      {content}
    </SectionCard>
  );
}
