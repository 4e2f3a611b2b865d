/*
 * The US Air Quality Index as the EPA revised it in 2024: U.S. Environmental Protection Agency,
 * "Technical Assistance Document for the Reporting of Daily Air Quality – the Air Quality Index
 * (AQI)", EPA-454/B-24-002, May 2024. Breakpoints from its table 6, "Breakpoints for the AQI"; the
 * concentrations at an AQI of 500, which the Hazardous line runs through and on past, the
 * truncation of each concentration and the rounding of the AQI from the same document and from
 * AirNow-Tech, "The AQI Equation (2024 – valid beginning May 6th, 2024)". The current hour's AQI
 * takes the NowCast for particles and ozone (see nowcast.ts), the mean of the last 8 hours for
 * carbon monoxide (its table's averaging) and the latest hour for nitrogen dioxide and sulphur
 * dioxide, with sulphur dioxide's 24-hour mean above 304 ppb.
 */

import type { AirQualityIndex } from './air-quality-index';
import { categoryOf } from './categories';
import { highest, lastHours, meanOf, roundHalfUp } from './hours';
import { nowcast } from './nowcast';
import { POLLUTANTS, type HourlySeries, type Pollutant } from './pollutants';

/** The averaging periods the EPA's table gives breakpoints for. */
export type EpaAveraging = '1h' | '8h' | '24h';

/** A line of the table: concentrations `low` to `high` map to AQI `indexLow` to `indexHigh`. */
type Row = readonly [low: number, high: number, indexLow: number, indexHigh: number];

type EpaTable = {
  /** Steps of truncation per unit of the table: 10 for 0.1 µg/m³, 1000 for 0.001 ppm. */
  stepsPerUnit: number;
  /** A sensor's unit in the table's unit: ozone comes in ppb and the table is in ppm. */
  tableUnitsPerInput: number;
  rows: readonly Row[];
  /**
   * Above the top line: 'extend' carries on along the Hazardous line (an AQI above 500 is still
   * reported, as Hazardous); 'none' means the table gives no value (8-hour ozone above 0.200 ppm,
   * where the 1-hour value defines the AQI); a number holds the AQI at it (1-hour SO2, see below).
   */
  above: 'extend' | 'none' | number;
};

/**
 * Table 6 of EPA-454/B-24-002, each pollutant in the unit the table states it in. Particles are
 * 24-hour averages (the NowCast stands in for them hour by hour), carbon monoxide an 8-hour
 * average, nitrogen dioxide a 1-hour value. Ozone has an 8-hour table, which defines AQI values up
 * to 300, and a 1-hour table from 0.125 ppm, which alone defines values of 301 and above. Sulphur
 * dioxide is a 1-hour value up to 304 ppb (AQI 200); above that the AQI comes from the 24-hour
 * average, and on a day whose 1-hour value is 305 ppb or more while the 24-hour average is not,
 * the document fixes the AQI at exactly 200.
 */
const EPA_TABLES: Readonly<Partial<Record<Pollutant, Partial<Record<EpaAveraging, EpaTable>>>>> = {
  pm25: {
    '24h': {
      stepsPerUnit: 10,
      tableUnitsPerInput: 1,
      above: 'extend',
      rows: [
        [0.0, 9.0, 0, 50],
        [9.1, 35.4, 51, 100],
        [35.5, 55.4, 101, 150],
        [55.5, 125.4, 151, 200],
        [125.5, 225.4, 201, 300],
        [225.5, 325.4, 301, 500],
      ],
    },
  },
  pm10: {
    '24h': {
      stepsPerUnit: 1,
      tableUnitsPerInput: 1,
      above: 'extend',
      rows: [
        [0, 54, 0, 50],
        [55, 154, 51, 100],
        [155, 254, 101, 150],
        [255, 354, 151, 200],
        [355, 424, 201, 300],
        [425, 604, 301, 500],
      ],
    },
  },
  o3: {
    '8h': {
      stepsPerUnit: 1000,
      tableUnitsPerInput: 0.001,
      above: 'none',
      rows: [
        [0.0, 0.054, 0, 50],
        [0.055, 0.07, 51, 100],
        [0.071, 0.085, 101, 150],
        [0.086, 0.105, 151, 200],
        [0.106, 0.2, 201, 300],
      ],
    },
    '1h': {
      stepsPerUnit: 1000,
      tableUnitsPerInput: 0.001,
      above: 'extend',
      rows: [
        [0.125, 0.164, 101, 150],
        [0.165, 0.204, 151, 200],
        [0.205, 0.404, 201, 300],
        [0.405, 0.604, 301, 500],
      ],
    },
  },
  co: {
    '8h': {
      stepsPerUnit: 10,
      tableUnitsPerInput: 1,
      above: 'extend',
      rows: [
        [0.0, 4.4, 0, 50],
        [4.5, 9.4, 51, 100],
        [9.5, 12.4, 101, 150],
        [12.5, 15.4, 151, 200],
        [15.5, 30.4, 201, 300],
        [30.5, 50.4, 301, 500],
      ],
    },
  },
  so2: {
    '1h': {
      stepsPerUnit: 1,
      tableUnitsPerInput: 1,
      above: 200,
      rows: [
        [0, 35, 0, 50],
        [36, 75, 51, 100],
        [76, 185, 101, 150],
        [186, 304, 151, 200],
      ],
    },
    '24h': {
      stepsPerUnit: 1,
      tableUnitsPerInput: 1,
      above: 'extend',
      rows: [
        [305, 604, 201, 300],
        [605, 1004, 301, 500],
      ],
    },
  },
  no2: {
    '1h': {
      stepsPerUnit: 1,
      tableUnitsPerInput: 1,
      above: 'extend',
      rows: [
        [0, 53, 0, 50],
        [54, 100, 51, 100],
        [101, 360, 101, 150],
        [361, 649, 151, 200],
        [650, 1249, 201, 300],
        [1250, 2049, 301, 500],
      ],
    },
  },
};

/**
 * A concentration's AQI and the truncated concentration it came from (in the sensor's unit), or
 * null where the table gives none. The concentration is first truncated to the table's precision
 * (PM2.5 to 0.1 µg/m³, PM10 to 1 µg/m³, ozone to 0.001 ppm, CO to 0.1 ppm, SO2 and NO2 to 1 ppb),
 * then placed on its line: AQI = (IHi − ILo) / (BPHi − BPLo) × (C − BPLo) + ILo, rounded to the
 * nearest whole number.
 */
function epaLookup(
  pollutant: Pollutant,
  concentration: number,
  averaging: EpaAveraging,
): { index: number; concentration: number } | null {
  const table = EPA_TABLES[pollutant]?.[averaging];
  if (!table || !Number.isFinite(concentration) || concentration < 0) return null;
  const { stepsPerUnit, tableUnitsPerInput, rows, above } = table;
  // Everything in whole steps of the table's precision, so that the arithmetic is exact; the
  // allowance keeps a concentration such as 0.29 from truncating to 0.28 through binary fractions.
  const steps = Math.floor(concentration * tableUnitsPerInput * stepsPerUnit + 1e-6);
  const truncated = steps / (stepsPerUnit * tableUnitsPerInput);
  const inSteps = (value: number) => Math.round(value * stepsPerUnit);
  const onLine = ([low, high, indexLow, indexHigh]: Row) =>
    roundHalfUp(
      indexLow + ((indexHigh - indexLow) * (steps - inSteps(low))) / (inSteps(high) - inSteps(low)),
    );

  const row = rows.find(([low, high]) => steps >= inSteps(low) && steps <= inSteps(high));
  if (row) return { index: onLine(row), concentration: truncated };
  const top = rows[rows.length - 1];
  if (!top || steps < inSteps(top[1]) || above === 'none') return null;
  return { index: above === 'extend' ? onLine(top) : above, concentration: truncated };
}

/**
 * The AQI of one pollutant's concentration averaged over `averaging`, in the sensor's unit
 * (POLLUTANT_UNITS['US-EPA']: ozone in ppb), or null where the EPA's table has no value: a
 * pollutant or averaging period it does not list, 1-hour ozone below 0.125 ppm, 8-hour ozone above
 * 0.200 ppm, 24-hour SO2 below 305 ppb. 1-hour SO2 above 304 ppb gives 200, as the document fixes
 * it when the 24-hour average is below 305 ppb.
 */
export function epaSubIndex(
  pollutant: Pollutant,
  concentration: number,
  averaging: EpaAveraging,
): number | null {
  return epaLookup(pollutant, concentration, averaging)?.index ?? null;
}

/** The higher of two lookups, the first on a tie; null when neither gives a value. */
function higher<T extends { index: number }>(a: T | null, b: T | null): T | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.index > a.index ? b : a;
}

/**
 * Each pollutant's current-hour AQI from its hourly data:
 * - PM2.5 and PM10: the 12-hour NowCast, read against the 24-hour table.
 * - Ozone: the 8-hour ozone NowCast against the 8-hour table, and the latest hour against the
 *   1-hour table when it reaches 0.125 ppm; the higher of the two.
 * - Carbon monoxide: the mean of the last 8 hours, given at least 6 of them (75 %, the EPA's rule
 *   for an 8-hour average).
 * - Nitrogen dioxide: the latest hour.
 * - Sulphur dioxide: the latest hour, and the mean of the last 24 hours (given at least 18 of
 *   them, 75 % as for the 8-hour mean) when that reaches 305 ppb; the higher of the two.
 */
function epaCurrent(
  pollutant: Pollutant,
  series: readonly (number | null)[] | undefined,
): { index: number; concentration: number } | null {
  if (!series) return null;
  const latest = lastHours(series, 1)[0] ?? null;
  switch (pollutant) {
    case 'pm25':
    case 'pm10': {
      const value = nowcast(series, pollutant);
      return value === null ? null : epaLookup(pollutant, value, '24h');
    }
    case 'o3': {
      const value = nowcast(series, 'o3');
      const eightHour = value === null ? null : epaLookup('o3', value, '8h');
      const oneHour = latest === null ? null : epaLookup('o3', latest, '1h');
      return higher(eightHour, oneHour);
    }
    case 'co': {
      const mean = meanOf(lastHours(series, 8), 6);
      return mean === null ? null : epaLookup('co', mean, '8h');
    }
    case 'no2':
      return latest === null ? null : epaLookup('no2', latest, '1h');
    case 'so2': {
      const oneHour = latest === null ? null : epaLookup('so2', latest, '1h');
      const mean = meanOf(lastHours(series, 24), 18);
      const day = mean === null ? null : epaLookup('so2', mean, '24h');
      return higher(oneHour, day);
    }
    case 'nh3':
    case 'pb':
      return null;
  }
}

/**
 * The current hour's US AQI from hourly data (POLLUTANT_UNITS['US-EPA']): each pollutant's AQI and
 * the index the highest of them. The EPA sets no smallest number of pollutants for an AQI (a
 * monitor's AQI is that of whatever it measures), so the index is complete as soon as one
 * pollutant gives a value, and otherwise 'no_data'.
 */
export function computeEpaAqi(hourly: HourlySeries): AirQualityIndex {
  const subIndices: Partial<Record<Pollutant, number>> = {};
  const concentrations: Partial<Record<Pollutant, number>> = {};
  for (const pollutant of POLLUTANTS) {
    const current = epaCurrent(pollutant, hourly[pollutant]);
    if (current === null) continue;
    subIndices[pollutant] = current.index;
    concentrations[pollutant] = current.concentration;
  }

  const top = highest(subIndices);
  if (top === null) {
    return {
      standard: 'US-EPA',
      index: null,
      category: null,
      dominantPollutant: null,
      subIndices,
      concentrations,
      complete: false,
      incompleteReason: 'no_data',
    };
  }
  return {
    standard: 'US-EPA',
    index: top.index,
    category: categoryOf('US-EPA', top.index)?.key ?? null,
    dominantPollutant: top.pollutant,
    subIndices,
    concentrations,
    complete: true,
  };
}
