import { POLLUTANTS, type Pollutant } from './pollutants';

/**
 * One hour's reading as the standards count it: a value that is not a finite number is a missing
 * hour, and one below zero (an instrument's noise around zero) is zero.
 */
function reading(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.max(0, value);
}

/**
 * The last `count` hours of a series as readings, oldest first; a series shorter than that is
 * missing its earlier hours.
 */
export function lastHours(
  series: readonly (number | null)[] | undefined,
  count: number,
): (number | null)[] {
  const recent = (series ?? []).slice(-count).map(reading);
  return [...Array<null>(count - recent.length).fill(null), ...recent];
}

/** The hours that have data. */
export function present(hours: readonly (number | null)[]): number[] {
  return hours.filter((value): value is number => value !== null);
}

/** The mean of the hours that have data, or null when fewer than `minimum` have. */
export function meanOf(hours: readonly (number | null)[], minimum: number): number | null {
  const values = present(hours);
  if (values.length === 0 || values.length < minimum) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Rounds to the nearest whole number, a half upwards, as both standards round an index. The tiny
 * allowance keeps a value that is exactly a half on paper (125.5) from rounding down when binary
 * fractions leave it a hair under.
 */
export function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}

/**
 * The pollutant with the highest sub-index and that sub-index, or null when there is none; of two
 * equal, the one listed first in POLLUTANTS.
 */
export function highest(
  subIndices: Partial<Record<Pollutant, number>>,
): { pollutant: Pollutant; index: number } | null {
  let best: { pollutant: Pollutant; index: number } | null = null;
  for (const pollutant of POLLUTANTS) {
    const index = subIndices[pollutant];
    if (index !== undefined && (best === null || index > best.index)) best = { pollutant, index };
  }
  return best;
}
