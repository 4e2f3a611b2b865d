import { describe, expect, it } from 'vitest';
import { computeEpaAqi, epaSubIndex, type EpaAveraging } from './epa-aqi';
import type { Pollutant } from './pollutants';

/**
 * EPA-454/B-24-002, table 6, in the units sensors report (ozone in ppb: the table's 0.055 ppm is
 * 55 ppb): each line's lowest and highest concentration and the AQI at each.
 */
const TABLE_6: [Pollutant, EpaAveraging, [number, number, number, number][]][] = [
  [
    'pm25',
    '24h',
    [
      [0.0, 9.0, 0, 50],
      [9.1, 35.4, 51, 100],
      [35.5, 55.4, 101, 150],
      [55.5, 125.4, 151, 200],
      [125.5, 225.4, 201, 300],
      [225.5, 325.4, 301, 500],
    ],
  ],
  [
    'pm10',
    '24h',
    [
      [0, 54, 0, 50],
      [55, 154, 51, 100],
      [155, 254, 101, 150],
      [255, 354, 151, 200],
      [355, 424, 201, 300],
      [425, 604, 301, 500],
    ],
  ],
  [
    'o3',
    '8h',
    [
      [0, 54, 0, 50],
      [55, 70, 51, 100],
      [71, 85, 101, 150],
      [86, 105, 151, 200],
      [106, 200, 201, 300],
    ],
  ],
  [
    'o3',
    '1h',
    [
      [125, 164, 101, 150],
      [165, 204, 151, 200],
      [205, 404, 201, 300],
      [405, 604, 301, 500],
    ],
  ],
  [
    'co',
    '8h',
    [
      [0.0, 4.4, 0, 50],
      [4.5, 9.4, 51, 100],
      [9.5, 12.4, 101, 150],
      [12.5, 15.4, 151, 200],
      [15.5, 30.4, 201, 300],
      [30.5, 50.4, 301, 500],
    ],
  ],
  [
    'so2',
    '1h',
    [
      [0, 35, 0, 50],
      [36, 75, 51, 100],
      [76, 185, 101, 150],
      [186, 304, 151, 200],
    ],
  ],
  [
    'so2',
    '24h',
    [
      [305, 604, 201, 300],
      [605, 1004, 301, 500],
    ],
  ],
  [
    'no2',
    '1h',
    [
      [0, 53, 0, 50],
      [54, 100, 51, 100],
      [101, 360, 101, 150],
      [361, 649, 151, 200],
      [650, 1249, 201, 300],
      [1250, 2049, 301, 500],
    ],
  ],
];

const hours = (count: number, value: number | null) => Array<number | null>(count).fill(value);

describe('the EPA sub-index', () => {
  it.each(TABLE_6)(
    '%s %s: each line gives its lowest and highest AQI at its ends',
    (p, avg, rows) => {
      for (const [low, high, indexLow, indexHigh] of rows) {
        expect(epaSubIndex(p, low, avg), `${p} ${avg} ${low}`).toBe(indexLow);
        expect(epaSubIndex(p, high, avg), `${p} ${avg} ${high}`).toBe(indexHigh);
      }
    },
  );

  it("gives the TAD's worked examples", () => {
    // EPA-454/B-18-007 and EPA-454/B-24-002, "Using the table and the equation…": an 8-hour ozone
    // value of 0.07853333 ppm truncates to 0.078, on the 0.071–0.085 line (101–150):
    // (150 − 101) / (0.085 − 0.071) × (0.078 − 0.071) + 101 = 125.5 → 126.
    expect(epaSubIndex('o3', 78.53333, '8h')).toBe(126);
    // EPA-454/B-13-001 (2013), multiple-pollutant example, on lines the 2024 table kept:
    // PM2.5 35.9 µg/m³: 49 / 19.9 × 0.4 + 101 = 101.98 → 102; CO 8.4 ppm: 49 / 4.9 × 3.9 + 51 = 90.
    expect(epaSubIndex('pm25', 35.9, '24h')).toBe(102);
    expect(epaSubIndex('co', 8.4, '8h')).toBe(90);
    // Its ozone, 0.077 ppm, gave 104 on the 2008 table; on today's 0.071–0.085 line it is
    // 49 / 0.014 × 0.006 + 101 = 122.
    expect(epaSubIndex('o3', 77, '8h')).toBe(122);
    // 1-hour ozone 0.162 ppm: 49 / 0.039 × 0.037 + 101 = 147.49, rounded to the nearest: 147.
    expect(epaSubIndex('o3', 162, '1h')).toBe(147);
  });

  it('truncates the concentration to the precision of the table before the lookup', () => {
    expect(epaSubIndex('pm25', 9.09, '24h')).toBe(50); // 9.0, not 9.1
    expect(epaSubIndex('pm25', 35.49, '24h')).toBe(100); // 35.4
    expect(epaSubIndex('pm25', 55.45, '24h')).toBe(150); // 55.4
    expect(epaSubIndex('pm10', 54.99, '24h')).toBe(50); // 54
    expect(epaSubIndex('o3', 54.9, '8h')).toBe(50); // 0.054 ppm
    expect(epaSubIndex('o3', 124.9, '1h')).toBeNull(); // 0.124 ppm: below the 1-hour table
    expect(epaSubIndex('co', 4.49, '8h')).toBe(50); // 4.4
    expect(epaSubIndex('so2', 35.9, '1h')).toBe(50); // 35
    expect(epaSubIndex('no2', 53.99, '1h')).toBe(50); // 53
    // A mean that binary fractions leave a hair under its decimal (8.4 as 8.3999…) is still 8.4.
    expect(epaSubIndex('co', 8.399999999999999, '8h')).toBe(90);
  });

  it('rounds the AQI to the nearest whole number, a half upwards', () => {
    // PM10 100 µg/m³: 51 + 49 × 45 / 99 = 73.27 → 73; 8-hour ozone 0.078 ppm: 125.5 → 126.
    expect(epaSubIndex('pm10', 100, '24h')).toBe(73);
    expect(epaSubIndex('o3', 78, '8h')).toBe(126);
    // PM2.5 20.0: 51 + 49 × 10.9 / 26.3 = 71.31 → 71 (rounded, not raised to 72).
    expect(epaSubIndex('pm25', 20, '24h')).toBe(71);
  });

  it('runs on along the Hazardous line above 500', () => {
    // PM2.5 500 µg/m³: 301 + 199 × (500 − 225.5) / (325.4 − 225.5) = 847.8 → 848.
    expect(epaSubIndex('pm25', 500, '24h')).toBe(848);
    expect(epaSubIndex('pm10', 700, '24h')).toBe(Math.round(301 + (199 * (700 - 425)) / 179));
  });

  it("keeps ozone's and sulphur dioxide's two tables apart", () => {
    // 8-hour ozone defines AQI values only up to 300 (0.200 ppm).
    expect(epaSubIndex('o3', 200, '8h')).toBe(300);
    expect(epaSubIndex('o3', 201, '8h')).toBeNull();
    // 1-hour SO2 above 304 ppb is held at 200; the 24-hour average starts at 305 ppb.
    expect(epaSubIndex('so2', 305, '1h')).toBe(200);
    expect(epaSubIndex('so2', 900, '1h')).toBe(200);
    expect(epaSubIndex('so2', 304, '24h')).toBeNull();
  });

  it('has no value for what the table does not list, or for no concentration', () => {
    expect(epaSubIndex('nh3', 100, '24h')).toBeNull();
    expect(epaSubIndex('pb', 1, '24h')).toBeNull();
    expect(epaSubIndex('pm25', 10, '1h')).toBeNull();
    expect(epaSubIndex('no2', 10, '24h')).toBeNull();
    expect(epaSubIndex('pm25', -1, '24h')).toBeNull();
    expect(epaSubIndex('pm25', Number.NaN, '24h')).toBeNull();
  });
});

describe('the current US AQI', () => {
  it('reads PM2.5 and ozone through their NowCasts, the index the higher', () => {
    const result = computeEpaAqi({
      pm25: [50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13], // NowCast 17.4 → 66
      o3: [22, 35, null, 60, 74, 80, 69, 63], // NowCast 65 ppb → 84
    });
    expect(result).toEqual({
      standard: 'US-EPA',
      index: 84,
      category: 'moderate',
      dominantPollutant: 'o3',
      subIndices: { pm25: 66, o3: 84 },
      concentrations: { pm25: 17.4, o3: 65 },
      complete: true,
    });
  });

  it('takes the 1-hour ozone table when the 8-hour one ends', () => {
    // NowCast 450 ppb is past the 8-hour table; 1-hour 0.450 ppm: 301 + 199 × 45 / 199 = 346.
    const result = computeEpaAqi({ o3: hours(8, 450) });
    expect(result.subIndices.o3).toBe(346);
    expect(result.category).toBe('hazardous');
    // Below 0.125 ppm only the 8-hour value counts: NowCast 60 ppb → 51 + 49 × 5 / 15 = 67.3 → 67.
    expect(computeEpaAqi({ o3: hours(8, 60) }).subIndices.o3).toBe(67);
  });

  it('reads carbon monoxide as the mean of the last 8 hours, given 6 of them', () => {
    expect(computeEpaAqi({ co: [...hours(16, 0), ...hours(8, 8.4)] }).subIndices.co).toBe(90);
    const six = [null, null, 8.4, 8.4, 8.4, 8.4, 8.4, 8.4];
    expect(computeEpaAqi({ co: six }).subIndices.co).toBe(90);
    const five = [null, null, null, 8.4, 8.4, 8.4, 8.4, 8.4];
    expect(computeEpaAqi({ co: five }).subIndices.co).toBeUndefined();
  });

  it('reads nitrogen dioxide as the latest hour, and none when it is missing', () => {
    expect(computeEpaAqi({ no2: [500, 500, 100] }).subIndices.no2).toBe(100);
    expect(computeEpaAqi({ no2: [100, 100, null] }).subIndices.no2).toBeUndefined();
  });

  it('reads sulphur dioxide as the latest hour, and the 24-hour mean from 305 ppb', () => {
    // A single hour of 400 ppb on a clean day: the 1-hour value is held at 200.
    expect(computeEpaAqi({ so2: [...hours(23, 10), 400] }).subIndices.so2).toBe(200);
    // A whole day at 400 ppb: the 24-hour line, 201 + 99 × 95 / 299 = 232.45 → 232.
    expect(computeEpaAqi({ so2: hours(24, 400) }).subIndices.so2).toBe(232);
    // The 24-hour mean needs 18 of the 24 hours.
    expect(computeEpaAqi({ so2: [...hours(7, null), ...hours(17, 400)] }).subIndices.so2).toBe(200);
  });

  it('is complete with one pollutant, and gives no index without any', () => {
    const one = computeEpaAqi({ no2: [40] });
    expect(one).toMatchObject({ index: 38, complete: true, dominantPollutant: 'no2' });
    expect(one.incompleteReason).toBeUndefined();

    expect(computeEpaAqi({ pm25: [10, null, null], nh3: hours(24, 50) })).toEqual({
      standard: 'US-EPA',
      index: null,
      category: null,
      dominantPollutant: null,
      subIndices: {},
      concentrations: {},
      complete: false,
      incompleteReason: 'no_data',
    });
  });
});
