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

const MINUTE_MS = 60_000;

/** The steps a time axis within a day and a half is marked at, in minutes, finest first. */
const TIME_STEPS_MIN = [10, 15, 30, 60, 120, 180, 360, 720] as const;

/** Most ticks a time axis gets: more would crowd a phone's width. */
const MAX_TIME_TICKS = 8;

/** How many minutes a zone is ahead of UTC at a moment (330 for India, −300 or −240 for New York). */
function zoneOffsetMinutes(ms: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * Ticks on round times of the city's clock: every 10 or 15 minutes over an hour, every 1, 2, 3 or 6
 * hours over longer, the finest step that keeps to eight ticks. A tick at 6:00 in Kolkata is 6:00
 * on the city's clock, not 6:00 UTC (which reads 11:30 there).
 */
export function roundTimeTicks(times: readonly number[], timeZone: string | undefined): number[] {
  const first = times.at(0);
  const last = times.at(-1);
  if (first === undefined || last === undefined || last <= first) return [];
  const span = last - first;
  const stepMin =
    TIME_STEPS_MIN.find((step) => span / (step * MINUTE_MS) <= MAX_TIME_TICKS) ??
    TIME_STEPS_MIN.at(-1)!;
  const step = stepMin * MINUTE_MS;
  const offset = (ms: number) => zoneOffsetMinutes(ms, timeZone) * MINUTE_MS;
  const ticks: number[] = [];
  // On the city's wall clock from the first round step, back to real moments one by one (a change
  // of daylight saving time moves the offset on the way).
  for (let wall = Math.ceil((first + offset(first)) / step) * step; ; wall += step) {
    const moment = wall - offset(wall - offset(first));
    if (moment > last) break;
    if (moment >= first) ticks.push(moment);
  }
  return ticks;
}
