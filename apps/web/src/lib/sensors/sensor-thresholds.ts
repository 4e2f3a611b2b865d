import { primaryThresholds, SENSOR_THRESHOLDS } from '@smart-city/shared';
import type { AlertSeverity, Sensor } from '@smart-city/shared';

export interface ThresholdLine {
  severity: Extract<AlertSeverity, 'warning' | 'high' | 'critical'>;
  /** On the sensor's primary value, in its unit. */
  value: number;
  /** For energy: the share of the feeder's rated load the line stands for. */
  percentOfRated: number | null;
}

const SEVERITIES = ['warning', 'high', 'critical'] as const;

/**
 * The alert thresholds of a sensor on its primary value. Energy thresholds are percentages of the
 * feeder's rated load (`metadata.ratedMw`), turned into MW; without a rated load there are none.
 */
export function thresholdLines(sensor: Pick<Sensor, 'type' | 'metadata'>): ThresholdLine[] {
  const levels = primaryThresholds(sensor.type, sensor.metadata);
  if (!levels) return [];
  const percents = sensor.type === 'energy' ? SENSOR_THRESHOLDS.energy : undefined;
  return SEVERITIES.map((severity) => ({
    severity,
    value: levels[severity],
    percentOfRated: percents ? percents[severity] : null,
  }));
}

/**
 * How far a reading is past its sensor's alert thresholds: the highest line it reaches, or null in
 * range (and for types without thresholds). The device's own health is its status, apart from this.
 */
export function readingLevel(
  sensor: Pick<Sensor, 'type' | 'metadata' | 'value'>,
): ThresholdLine['severity'] | null {
  if (sensor.value === null) return null;
  let level: ThresholdLine['severity'] | null = null;
  for (const line of thresholdLines(sensor)) if (sensor.value >= line.value) level = line.severity;
  return level;
}
