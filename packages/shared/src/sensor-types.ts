import type { AlertSeverity } from './alerts';
import type { SensorType } from './sensor-kinds';

/**
 * The unit of each type's primary value. A seeded sensor gets its type's unit, and a city figure
 * made from a type's sensors is shown in it.
 */
export const SENSOR_UNITS: Record<SensorType, string> = {
  traffic: '%',
  air_quality: 'AQI',
  energy: 'MW',
  water: 'ML/day',
  waste: '%',
  population: 'people',
};

/**
 * What kind of place a sensor's site is (`metadata.landUse` of the seeded sensors): a station peaks at
 * commuting hours, offices empty at weekends, markets fill in the evening, a campus keeps late hours,
 * a utility (a water works) runs steadily. The simulator shapes a site's day after it.
 */
export const LAND_USES = [
  'transit',
  'commercial',
  'office',
  'residential',
  'industrial',
  'campus',
  'leisure',
  'utility',
] as const;
export type LandUse = (typeof LAND_USES)[number];

/** The physically possible range of each type's primary value; anything outside is a broken device. */
export const VALUE_RANGES: Record<SensorType, { min: number; max: number }> = {
  traffic: { min: 0, max: 100 },
  air_quality: { min: 0, max: 1_000 },
  energy: { min: 0, max: 100_000 },
  water: { min: 0, max: 1_000_000 },
  waste: { min: 0, max: 100 },
  population: { min: 0, max: 100_000_000 },
};

/** Severities a threshold rule raises, mildest first. */
export type ThresholdLevels = { warning: number; high: number; critical: number };

/**
 * Per-type alert thresholds of the reference facts, on the primary value. Energy is a share of the
 * feeder's rated load (metadata.ratedMw), in percent. Population has none.
 */
export const SENSOR_THRESHOLDS: Partial<Record<SensorType, ThresholdLevels>> = {
  traffic: { warning: 70, high: 80, critical: 90 },
  air_quality: { warning: 100, high: 150, critical: 200 },
  energy: { warning: 85, high: 95, critical: 100 },
  waste: { warning: 75, high: 90, critical: 98 },
};

/**
 * Whether a bin's fill level (in percent) means it overflows: from the waste threshold's critical
 * level. Below it a full bin is "nearly full", never "overflowing".
 */
export function binOverflows(fillPercent: number | null): boolean {
  return fillPercent !== null && fillPercent >= (SENSOR_THRESHOLDS.waste?.critical ?? 98);
}

/** Water quality limits, read from a reading's metadata (pH, turbidity in NTU). */
export const WATER_QUALITY_LIMITS = {
  phLow: 6.5,
  phHigh: 8.5,
  turbidity: { warning: 4, high: 7, critical: 10 } satisfies ThresholdLevels,
} as const;

/**
 * A sensor's alert thresholds on its primary value, in its own unit: the type's levels, and for an
 * energy feeder its share of the rated load (`metadata.ratedMw`) turned into MW. Null where the
 * primary value has none: population, water (judged on the pH and turbidity of its readings) and a
 * feeder without a rated load.
 */
export function primaryThresholds(
  type: SensorType,
  metadata: Record<string, unknown>,
): ThresholdLevels | null {
  const levels = SENSOR_THRESHOLDS[type];
  if (!levels) return null;
  if (type !== 'energy') return levels;
  const rated = metadata.ratedMw;
  if (typeof rated !== 'number' || !Number.isFinite(rated) || rated <= 0) return null;
  return {
    warning: (levels.warning / 100) * rated,
    high: (levels.high / 100) * rated,
    critical: (levels.critical / 100) * rated,
  };
}

/** The severity a value reaches against levels, or null when it is in range. */
export function severityFor(value: number, levels: ThresholdLevels): AlertSeverity | null {
  if (value >= levels.critical) return 'critical';
  if (value >= levels.high) return 'high';
  if (value >= levels.warning) return 'warning';
  return null;
}
