import { WATER_QUALITY_LIMITS } from '@smart-city/shared';
import type { SensorType } from '@smart-city/shared';
import { formatFixed, formatSigned } from '../../lib/format/numbers';

export type TrendDirection = 'up' | 'down' | 'flat';

/** A change rounded to the tenth it is shown with, halves away from zero as Intl rounds them. */
function shownChange(changePct: number): number {
  return (Math.sign(changePct) * Math.round(Math.abs(changePct) * 10)) / 10;
}

/** The direction of a change as shown, so that '+0.0%' never reads as a rise. */
export function trendDirection(changePct: number): TrendDirection {
  const shown = shownChange(changePct);
  if (shown > 0) return 'up';
  if (shown < 0) return 'down';
  return 'flat';
}

/** A change in percent with its sign, e.g. '+4.2%', '-12.0%' or '0.0%'. */
export function formatChangePct(changePct: number, locale: string): string {
  const shown = shownChange(changePct);
  return `${formatSigned(shown === 0 ? 0 : shown, 1, locale)}%`;
}

/** The secondary figures a card lists, with their units, in the order shown. */
export const METRIC_DETAILS: Partial<
  Record<SensorType, readonly { key: string; unit: string; digits: number }[]>
> = {
  air_quality: [
    { key: 'pm25', unit: 'µg/m³', digits: 1 },
    { key: 'no2', unit: 'ppb', digits: 1 },
  ],
  water: [
    { key: 'ph', unit: '', digits: 1 },
    { key: 'turbidity', unit: 'NTU', digits: 1 },
  ],
};

/** A secondary figure with its unit, e.g. '35.2 µg/m³'. */
export function formatDetail(value: number, unit: string, digits: number, locale: string): string {
  const number = formatFixed(value, digits, locale);
  return unit ? `${number} ${unit}` : number;
}

/**
 * Whether the city's water is within the quality limits (pH range, turbidity below the warning
 * level), judged on the figures there are; null when neither was reported.
 */
export function waterQualityOk(details: Readonly<Record<string, number>>): boolean | null {
  const { ph, turbidity } = details;
  if (ph === undefined && turbidity === undefined) return null;
  const phOk =
    ph === undefined || (ph >= WATER_QUALITY_LIMITS.phLow && ph <= WATER_QUALITY_LIMITS.phHigh);
  const turbidityOk = turbidity === undefined || turbidity < WATER_QUALITY_LIMITS.turbidity.warning;
  return phOk && turbidityOk;
}
