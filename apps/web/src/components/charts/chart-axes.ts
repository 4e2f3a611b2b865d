import { cityDay } from '../../lib/format/date-time';

/** A value axis: its range and the round values it is marked at. */
export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
}

/** A round step near `rough`: 1, 2, 2.5 or 5 times a power of ten. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return step * power;
}

/** Ticks a value axis gets, about; the domain is widened to whole steps so the ticks are round. */
const VALUE_TICKS = 5;

/**
 * The value axis that shows every given value (the data and any line drawn across), widened to
 * round steps so the ticks read as 10, 20, 30 rather than 18.98, 26.98. It starts at 0 when the
 * values are near it.
 */
export function valueAxis(values: readonly number[]): ValueAxis {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (high === low) {
    low -= Math.abs(low) * 0.1 || 1;
    high += Math.abs(high) * 0.1 || 1;
  }
  // A little air, so that no line sits on the frame where its label would meet the axis.
  const air = (high - low) * 0.06;
  low -= low >= 0 ? Math.min(air, low) : air;
  high += air;
  const step = niceStep((high - low) / (VALUE_TICKS - 1));
  let first = Math.floor(low / step) * step;
  if (low >= 0 && first < 0) first = 0;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded, so that 0.1 + 0.2 lands on a tick of 0.3.
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(Number(tick.toFixed(6)));
  return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks };
}

/** A percentage from 0 to 100, whatever the data: a congestion of 30 % looks like one. */
export const PERCENT_AXIS: ValueAxis = { domain: [0, 100], ticks: [0, 25, 50, 75, 100] };

const DAY_MS = 86_400_000;

/** Whether a time axis names dates rather than times of day: over more than a day and a half. */
export function spansDays(times: readonly number[]): boolean {
  const first = times.at(0);
  const last = times.at(-1);
  return first !== undefined && last !== undefined && last - first > 1.5 * DAY_MS;
}

/**
 * The first moment of each day in the city's zone: date ticks placed anywhere else would repeat
 * a date or skip one.
 */
export function dayStarts(times: readonly number[], timeZone: string | undefined): number[] {
  const ticks: number[] = [];
  let previous = '';
  for (const time of times) {
    const current = cityDay(time, timeZone);
    if (current !== previous) ticks.push(time);
    previous = current;
  }
  // The first day is usually partial: its tick would crowd the second one.
  return ticks.length > 2 ? ticks.slice(1) : ticks;
}
