import type { SensorStatus } from '@smart-city/shared';
import type { Theme } from '../../lib/theme/theme';

/** How a sensor shows in the twin: its value against its critical level, or idle. */
export const TWIN_LEVELS = ['normal', 'warning', 'critical', 'idle'] as const;
export type TwinLevel = (typeof TWIN_LEVELS)[number];

/** A value above this share of the critical level shows as a warning. */
export const WARNING_SHARE = 0.6;
/** A value above this share of the critical level shows as critical. */
export const CRITICAL_SHARE = 0.8;

/**
 * The level a sensor shows: idle (grey) when it is not reporting (offline, in maintenance or
 * switched off), else by its latest value against where its type turns critical: critical above
 * 80 % of that, a warning above 60 %, normal otherwise, and normal where there is no value or no
 * critical level (population, water, a feeder without a rated load). The twin warns before the
 * alert rules do, so a sensor turns amber while there is still time to act.
 */
export function twinLevel(
  status: SensorStatus,
  value: number | null,
  critical: number | null,
): TwinLevel {
  if (status !== 'active') return 'idle';
  if (value === null || critical === null || critical <= 0) return 'normal';
  if (value > CRITICAL_SHARE * critical) return 'critical';
  if (value > WARNING_SHARE * critical) return 'warning';
  return 'normal';
}

/**
 * The colour of each level, per theme: mid tones that stand out on the twin's ground (slate-200 in
 * the light theme, slate-800 in the dark one) and stay apart for the common colour-blindnesses by
 * lightness as well as hue. The level is also said in words wherever a sensor is named.
 */
export const TWIN_LEVEL_COLORS: Record<Theme, Record<TwinLevel, string>> = {
  light: { normal: '#15803d', warning: '#d97706', critical: '#dc2626', idle: '#94a3b8' },
  dark: { normal: '#22c55e', warning: '#fbbf24', critical: '#ef4444', idle: '#64748b' },
};
