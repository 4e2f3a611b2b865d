import type { AlertSeverity } from './alerts';
import type { SensorType } from './sensors';

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

/** Water quality limits, read from a reading's metadata (pH, turbidity in NTU). */
export const WATER_QUALITY_LIMITS = {
  phLow: 6.5,
  phHigh: 8.5,
  turbidity: { warning: 4, high: 7, critical: 10 } satisfies ThresholdLevels,
} as const;

/** A sensor silent this long is offline, which raises a warning of its own. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/** An alert whose sensor has stayed back in range this long resolves itself. */
export const AUTO_RESOLVE_AFTER_MS = 10 * 60_000;

/** The severity a value reaches against levels, or null when it is in range. */
export function severityFor(value: number, levels: ThresholdLevels): AlertSeverity | null {
  if (value >= levels.critical) return 'critical';
  if (value >= levels.high) return 'high';
  if (value >= levels.warning) return 'warning';
  return null;
}
