/*
 * The NowCast: the EPA's way of giving an hourly "current" AQI for pollutants whose AQI is a long
 * average. It is a weighted mean of the recent hours that leans on the latest ones when the air is
 * changing and weighs them all alike when it is steady.
 *
 * Particles (PM2.5, PM10): EPA, "PM NowCast" fact sheet (December 2014), and EPA's "The NowCast
 * Method" presentation: the last 12 hours; weight factor w = minimum / maximum of those hours,
 * raised to 0.5 when lower; each hour weighted w to the power of how many hours ago it was
 * measured. AirNow-Tech, "The NowCast for PM2.5 and PM10": valid only when at least 2 of the 3
 * most recent hours have data; the raw hourly values go in, and the NowCast is truncated only when
 * it is turned into an AQI.
 *
 * Ozone: AirNow-Tech, "AirNow Updates to Ozone Real-time Reporting and Daily Reporting" (2016):
 * the same weighting over the last 8 hours, with no lower limit on w, and the same 2-of-3 rule.
 * Since August 2019 AirNow itself has estimated ozone's current 8-hour average with a regression
 * trained on each monitor's last two weeks of hours (USEPA/O3-Nowcast); that model needs a site's
 * history and is not reproduced here, so this is the earlier closed-form ozone NowCast.
 */

import { lastHours } from './hours';

/** The pollutants that have a NowCast. */
export type NowcastPollutant = 'pm25' | 'pm10' | 'o3';

/** Hours each NowCast looks back over, and the lowest weight factor it allows (0: none). */
const NOWCAST_RULES: Readonly<Record<NowcastPollutant, { hours: number; minimumWeight: number }>> =
  {
    pm25: { hours: 12, minimumWeight: 0.5 },
    pm10: { hours: 12, minimumWeight: 0.5 },
    o3: { hours: 8, minimumWeight: 0 },
  };

/**
 * The NowCast concentration for the most recent hour, in the units of the hours given (not yet
 * truncated), or null when fewer than 2 of the 3 most recent hours have data. `hours` runs oldest
 * first, the last element the most recent ended hour, null where an hour has no data.
 */
export function nowcast(
  hours: readonly (number | null)[],
  pollutant: NowcastPollutant,
): number | null {
  const rule = NOWCAST_RULES[pollutant];
  const window = lastHours(hours, rule.hours);
  if (window.slice(-3).filter((value) => value !== null).length < 2) return null;

  // Each hour with data and how many hours ago it was measured (0: the most recent hour).
  const measured = window
    .map((value, position) => ({ value, hoursAgo: window.length - 1 - position }))
    .filter((hour): hour is { value: number; hoursAgo: number } => hour.value !== null);
  const values = measured.map((hour) => hour.value);
  const maximum = Math.max(...values);
  const minimum = Math.min(...values);
  // Scaled rate of change (maximum − minimum) / maximum; the weight factor is 1 less that.
  const weight = Math.max(maximum === 0 ? 1 : minimum / maximum, rule.minimumWeight);

  // A weight of 0 (ozone falling to nothing within the hours) leaves only the latest hour counting.
  if (weight === 0) return measured[measured.length - 1]?.value ?? null;

  let weightedSum = 0;
  let weightSum = 0;
  for (const { value, hoursAgo } of measured) {
    const factor = weight ** hoursAgo;
    weightedSum += value * factor;
    weightSum += factor;
  }
  return weightedSum / weightSum;
}
