/*
 * India's National Air Quality Index: Central Pollution Control Board (Ministry of Environment,
 * Forest and Climate Change), "National Air Quality Index", October 2014 (the report of the
 * expert group with IIT Kanpur): its table of AQI categories, pollutants and health breakpoints,
 * the sub-index equation, and the rules of CPCB's note "How is AQI calculated?": a sub-index from a
 * pollutant's 24-hour average (8-hour for CO and O3), at least 16 hours of data for a sub-index,
 * and an index only from at least three pollutants, one of them PM2.5 or PM10; the index is the
 * highest sub-index. Concentrations in µg/m³, carbon monoxide in mg/m³.
 */

import type { AirQualityIndex } from './air-quality-index';
import { categoryOf } from './categories';
import { highest, lastHours, meanOf, present, roundHalfUp } from './hours';
import { POLLUTANTS, type HourlySeries, type Pollutant } from './pollutants';

/** A band of the table: concentrations `low` to `high` give sub-index `indexLow` to `indexHigh`. */
type Band = readonly [low: number, high: number, indexLow: number, indexHigh: number];

/**
 * The CPCB table, a pollutant's six bands from Good to Severe. Where the report's bands share an
 * end (CO 2.1–10 and 10–17, lead 0–0.5 and 0.5–1.0, ammonia 801–1200 and 1200–1800, and every
 * "Severe" lower bound such as PM2.5 "250+"), the upper band here starts one unit of the table's
 * precision higher (10.1, 0.6, 1201, 251), as the report's other bands do (30, then 31).
 *
 * The report gives Severe only a lower bound. CPCB's AQI calculator spreadsheet reaches 500 one
 * Very-poor band's width above it (PM2.5 at 380, PM10 at 510 µg/m³ …), and the scale ends at 500:
 * so those are the top breakpoints here, and a higher concentration's sub-index is 500.
 *
 * Ozone's Very-poor and Severe bands are 1-hour values in the report ("one hourly monitoring, for
 * mathematical calculation only"); its other bands, and carbon monoxide's, are 8-hour averages.
 */
const NAQI_BANDS: Readonly<Record<Pollutant, readonly Band[]>> = {
  pm10: [
    [0, 50, 0, 50],
    [51, 100, 51, 100],
    [101, 250, 101, 200],
    [251, 350, 201, 300],
    [351, 430, 301, 400],
    [431, 510, 401, 500],
  ],
  pm25: [
    [0, 30, 0, 50],
    [31, 60, 51, 100],
    [61, 90, 101, 200],
    [91, 120, 201, 300],
    [121, 250, 301, 400],
    [251, 380, 401, 500],
  ],
  no2: [
    [0, 40, 0, 50],
    [41, 80, 51, 100],
    [81, 180, 101, 200],
    [181, 280, 201, 300],
    [281, 400, 301, 400],
    [401, 520, 401, 500],
  ],
  o3: [
    [0, 50, 0, 50],
    [51, 100, 51, 100],
    [101, 168, 101, 200],
    [169, 208, 201, 300],
    [209, 748, 301, 400],
    [749, 1288, 401, 500],
  ],
  co: [
    [0, 1.0, 0, 50],
    [1.1, 2.0, 51, 100],
    [2.1, 10, 101, 200],
    [10.1, 17, 201, 300],
    [17.1, 34, 301, 400],
    [34.1, 51, 401, 500],
  ],
  so2: [
    [0, 40, 0, 50],
    [41, 80, 51, 100],
    [81, 380, 101, 200],
    [381, 800, 201, 300],
    [801, 1600, 301, 400],
    [1601, 2400, 401, 500],
  ],
  nh3: [
    [0, 200, 0, 50],
    [201, 400, 51, 100],
    [401, 800, 101, 200],
    [801, 1200, 201, 300],
    [1201, 1800, 301, 400],
    [1801, 2400, 401, 500],
  ],
  pb: [
    [0, 0.5, 0, 50],
    [0.6, 1.0, 51, 100],
    [1.1, 2.0, 101, 200],
    [2.1, 3.0, 201, 300],
    [3.1, 3.5, 301, 400],
    [3.6, 4.0, 401, 500],
  ],
};

/** The top of ozone's 8-hour bands, in µg/m³; above it the highest 1-hour value counts. */
const OZONE_EIGHT_HOUR_TOP = 208;

/**
 * A pollutant's sub-index for a concentration in µg/m³ (CO in mg/m³), rounded to a whole number;
 * null for a concentration that is negative or not a number. CPCB's equation
 * Ip = (IHI − ILO) / (BHI − BLO) × (Cp − BLO) + ILO takes BHI and BLO as the breakpoints just above
 * and just below the concentration: within a band its two ends, and in the step between two bands
 * (30 to 31 µg/m³ of PM2.5) the one band's top and the next one's bottom. For ozone a
 * concentration up to 208 µg/m³ is read as an 8-hour average and one above as a 1-hour value.
 */
export function naqiSubIndex(pollutant: Pollutant, concentration: number): number | null {
  if (!Number.isFinite(concentration) || concentration < 0) return null;
  const bands = NAQI_BANDS[pollutant];
  let below: readonly [number, number] = [0, 0];
  for (const [low, high, indexLow, indexHigh] of bands) {
    if (concentration < low) {
      const [belowConcentration, belowIndex] = below;
      return roundHalfUp(
        belowIndex +
          ((indexLow - belowIndex) * (concentration - belowConcentration)) /
            (low - belowConcentration),
      );
    }
    if (concentration <= high) {
      return roundHalfUp(
        indexLow + ((indexHigh - indexLow) * (concentration - low)) / (high - low),
      );
    }
    below = [high, indexHigh];
  }
  return 500;
}

/** Hours of data CPCB needs in the last 24 for a sub-index. */
const MINIMUM_HOURS = 16;

/**
 * Hours of data an 8-hour average needs: CPCB's 16 of 24 is two thirds, which of eight hours is
 * six (and six of eight, 75 %, is also the usual rule for an 8-hour average).
 */
const MINIMUM_HOURS_OF_EIGHT = 6;

/** The highest 8-hour average among the 17 running 8-hour windows of the day's hours, or null. */
function highestEightHourMean(day: readonly (number | null)[]): number | null {
  let best: number | null = null;
  for (let end = 8; end <= day.length; end += 1) {
    const mean = meanOf(day.slice(end - 8, end), MINIMUM_HOURS_OF_EIGHT);
    if (mean !== null && (best === null || mean > best)) best = mean;
  }
  return best;
}

/**
 * The concentration a pollutant's sub-index comes from, from the last 24 hours: their mean, or for
 * CO and O3 the highest 8-hour average within them; for ozone above 208 µg/m³ the highest hour,
 * as the report's upper ozone bands are 1-hour values. Null without 16 hours of data.
 */
function naqiConcentration(
  pollutant: Pollutant,
  series: readonly (number | null)[] | undefined,
): number | null {
  const day = lastHours(series, 24);
  if (present(day).length < MINIMUM_HOURS) return null;
  if (pollutant !== 'co' && pollutant !== 'o3') return meanOf(day, MINIMUM_HOURS);
  const eightHour = highestEightHourMean(day);
  if (pollutant === 'o3' && eightHour !== null && eightHour > OZONE_EIGHT_HOUR_TOP) {
    return Math.max(...present(day));
  }
  return eightHour;
}

/**
 * India's index over the last 24 hours of hourly data (POLLUTANT_UNITS['IN-NAQI']): each
 * pollutant's sub-index that the data allow, and the index, the highest of them, when at least
 * three pollutants have one and PM2.5 or PM10 is among them. CPCB publishes the sub-indices even
 * when there are too few for an index, and so does this.
 */
export function computeNaqi(hourly: HourlySeries): AirQualityIndex {
  const subIndices: Partial<Record<Pollutant, number>> = {};
  const concentrations: Partial<Record<Pollutant, number>> = {};
  for (const pollutant of POLLUTANTS) {
    const concentration = naqiConcentration(pollutant, hourly[pollutant]);
    const subIndex = concentration === null ? null : naqiSubIndex(pollutant, concentration);
    if (concentration === null || subIndex === null) continue;
    subIndices[pollutant] = subIndex;
    concentrations[pollutant] = concentration;
  }

  const count = Object.keys(subIndices).length;
  const incompleteReason =
    count === 0
      ? 'no_data'
      : count < 3
        ? 'too_few_pollutants'
        : subIndices.pm25 === undefined && subIndices.pm10 === undefined
          ? 'no_particulates'
          : undefined;
  const top = highest(subIndices);
  if (incompleteReason !== undefined || top === null) {
    return {
      standard: 'IN-NAQI',
      index: null,
      category: null,
      dominantPollutant: null,
      subIndices,
      concentrations,
      complete: false,
      incompleteReason: incompleteReason ?? 'no_data',
    };
  }
  return {
    standard: 'IN-NAQI',
    index: top.index,
    category: categoryOf('IN-NAQI', top.index)?.key ?? null,
    dominantPollutant: top.pollutant,
    subIndices,
    concentrations,
    complete: true,
  };
}
