import { aggregateMetric } from '@smart-city/shared';
import type { CityKey, MetricSummary, SensorType } from '@smart-city/shared';
import type { LiveData, LiveSensor } from '../../lib/live/live-state';

/**
 * Whether a sensor's latest value counts towards the city figure now, by the server's rule: an
 * active sensor of the type with a reading. The fallback's simulated sensors never count: their
 * units (vehicles/min, kWh) are not the city figures'.
 */
function contributes(
  sensor: LiveSensor,
  metric: SensorType,
): sensor is LiveSensor & {
  value: number;
} {
  return (
    !sensor.simulated &&
    sensor.type === metric &&
    sensor.value !== null &&
    sensor.status === 'active'
  );
}

/**
 * A city figure recomputed from the live sensors with the server's own aggregation; null when the
 * live state holds no sensor of the type for this city (not loaded yet, or another city's).
 */
export function liveMetricValue(
  live: Pick<LiveData, 'city' | 'sensors'>,
  city: CityKey,
  metric: SensorType,
): number | null {
  if (live.city !== city) return null;
  const values = Object.values(live.sensors)
    .filter((sensor) => contributes(sensor, metric))
    .map((sensor) => sensor.value);
  return aggregateMetric(metric, values);
}

/** The figure a card shows: the live one when there is one, else the server's. */
export function headlineValue(
  summary: Pick<MetricSummary, 'metric' | 'value'>,
  live: Pick<LiveData, 'city' | 'sensors'>,
  city: CityKey,
): number | null {
  return liveMetricValue(live, city, summary.metric) ?? summary.value;
}
