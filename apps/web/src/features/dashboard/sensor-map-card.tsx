import type { CityKey, Sensor } from '@smart-city/shared';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { ErrorBoundary } from '../../components/error-boundary';
import { Icon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { loadChunk } from '../../lib/chunk-load';
import { useCity } from '../../lib/city/city-context';
import { selectSensorList } from '../../lib/live/live-reducer';
import { useSocket } from '../../lib/live/live-state';
import type { LiveSensor } from '../../lib/live/live-state';
import { PATHS } from '../../lib/paths';
import { CardLink } from './card-link';
import { CardSkeleton, PartLoadFailed } from './card-states';
import { liveReadiness } from './live-readiness';
import { LiveWaiting } from './live-waiting';
import { useFiguresSettled } from './use-figures-settled';

// The map and its library load after the rest of the dashboard, as their own chunks.
const SensorMap = lazy(() =>
  loadChunk('sensor-map', () => import('../../components/sensor-map/sensor-map')).then(
    (module) => ({ default: module.SensorMap }),
  ),
);

function MapLoadFailed() {
  const { t } = useTranslation();
  return <PartLoadFailed message={t('dashboard.map.loadFailed')} />;
}

/** A live sensor as the map takes it: only registered sensors have a place to be drawn. */
function toMapSensor(sensor: LiveSensor, city: CityKey): Sensor | null {
  const { name, type, location, lat, lng } = sensor;
  if (sensor.simulated || !name || !type || !location || lat === null || lng === null) return null;
  return {
    id: sensor.id,
    name,
    type,
    city,
    location,
    lat,
    lng,
    status: sensor.status,
    unit: sensor.unit,
    value: sensor.value,
    lastReading: sensor.lastReading,
    metadata: sensor.metadata,
  };
}

/** The city's sensors on a map with their live values, and the way to the Sensors screen. */
export function SensorMapCard() {
  const { t } = useTranslation();
  const { cityKey, city } = useCity();
  const live = useSocket();
  const readiness = liveReadiness(live, cityKey);
  const figuresSettled = useFiguresSettled();
  // Alerts and stats change the live state too: the markers follow the sensors only.
  const liveSensors = live.sensors;
  const sensors = useMemo(
    () =>
      selectSensorList({ sensors: liveSensors }).flatMap(
        (sensor) => toMapSensor(sensor, cityKey) ?? [],
      ),
    [liveSensors, cityKey],
  );

  let content;
  if (readiness !== 'ready' || city === null || !figuresSettled) {
    content = <LiveWaiting readiness={readiness === 'ready' ? 'loading' : readiness} lines={6} />;
  } else if (sensors.length === 0) {
    content = <EmptyState icon={<Icon name="sensors" />} title={t('dashboard.health.empty')} />;
  } else {
    content = (
      <ErrorBoundary fallback={MapLoadFailed}>
        <Suspense fallback={<CardSkeleton lines={6} />}>
          <SensorMap city={city} sensors={sensors} className="h-80" />
        </Suspense>
      </ErrorBoundary>
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
