import { describe, expect, it } from 'vitest';
import { computeNaqi, naqiSubIndex } from './naqi';
import type { Pollutant } from './pollutants';

/**
 * CPCB, National Air Quality Index (2014), the table of AQI categories, pollutants and health
 * breakpoints: each band's lowest and highest concentration (µg/m³, CO mg/m³) and the sub-index at
 * each. Where the report's bands share an end (CO "2.1–10" and "10–17"), the upper band starts one
 * unit of precision higher; Severe ends where CPCB's calculator reaches 500.
 */
const CPCB_TABLE: [Pollutant, [number, number, number, number][]][] = [
  [
    'pm10',
    [
      [0, 50, 0, 50],
      [51, 100, 51, 100],
      [101, 250, 101, 200],
      [251, 350, 201, 300],
      [351, 430, 301, 400],
      [431, 510, 401, 500],
    ],
  ],
  [
    'pm25',
    [
      [0, 30, 0, 50],
      [31, 60, 51, 100],
      [61, 90, 101, 200],
      [91, 120, 201, 300],
      [121, 250, 301, 400],
      [251, 380, 401, 500],
    ],
  ],
  [
    'no2',
    [
      [0, 40, 0, 50],
      [41, 80, 51, 100],
      [81, 180, 101, 200],
      [181, 280, 201, 300],
      [281, 400, 301, 400],
      [401, 520, 401, 500],
    ],
  ],
  [
    'o3',
    [
      [0, 50, 0, 50],
      [51, 100, 51, 100],
      [101, 168, 101, 200],
      [169, 208, 201, 300],
      [209, 748, 301, 400],
      [749, 1288, 401, 500],
    ],
  ],
  [
    'co',
    [
      [0, 1.0, 0, 50],
      [1.1, 2.0, 51, 100],
      [2.1, 10, 101, 200],
      [10.1, 17, 201, 300],
      [17.1, 34, 301, 400],
      [34.1, 51, 401, 500],
    ],
  ],
  [
    'so2',
    [
      [0, 40, 0, 50],
      [41, 80, 51, 100],
      [81, 380, 101, 200],
      [381, 800, 201, 300],
      [801, 1600, 301, 400],
      [1601, 2400, 401, 500],
    ],
  ],
  [
    'nh3',
    [
      [0, 200, 0, 50],
      [201, 400, 51, 100],
      [401, 800, 101, 200],
      [801, 1200, 201, 300],
      [1201, 1800, 301, 400],
      [1801, 2400, 401, 500],
    ],
  ],
  [
    'pb',
    [
      [0, 0.5, 0, 50],
      [0.6, 1.0, 51, 100],
      [1.1, 2.0, 101, 200],
      [2.1, 3.0, 201, 300],
      [3.1, 3.5, 301, 400],
      [3.6, 4.0, 401, 500],
    ],
  ],
];

const hours = (count: number, value: number | null) => Array<number | null>(count).fill(value);
const day = (value: number) => hours(24, value);

describe('the CPCB sub-index', () => {
  it.each(CPCB_TABLE)(
    '%s: each band gives its lowest and highest sub-index at its ends',
    (p, bands) => {
      for (const [low, high, indexLow, indexHigh] of bands) {
        expect(naqiSubIndex(p, low), `${p} ${low}`).toBe(indexLow);
        expect(naqiSubIndex(p, high), `${p} ${high}`).toBe(indexHigh);
      }
    },
  );

  it("gives CPCB's published example for PM2.5", () => {
    // CPCB, monthly report "National Air Quality Index for 85 cities at 168 locations" (October
    // 2015): "the sub-index for PM2.5 will be 51 at concentration 31 µg/m³, 100 at concentration
    // 60 µg/m³ and 75 at concentration of 45 µg/m³". At 45: 51 + (100 − 51) / (60 − 31) × (45 − 31)
    // = 74.66 → 75.
    expect(naqiSubIndex('pm25', 31)).toBe(51);
    expect(naqiSubIndex('pm25', 60)).toBe(100);
    expect(naqiSubIndex('pm25', 45)).toBe(75);
  });

  it("keeps the report's written bounds where bands share an end", () => {
    expect(naqiSubIndex('pm25', 250)).toBe(400); // Very poor "121–250", Severe "250+"
    expect(naqiSubIndex('pm10', 430)).toBe(400);
    expect(naqiSubIndex('co', 10)).toBe(200); // "2.1–10" and "10–17"
    expect(naqiSubIndex('co', 17)).toBe(300);
    expect(naqiSubIndex('pb', 0.5)).toBe(50); // "0–0.5" and "0.5–1.0"
    expect(naqiSubIndex('nh3', 1200)).toBe(300);
  });

  it('joins two bands straight across the step between them', () => {
    // PM2.5 30.5 lies between Good's 30 (50) and Satisfactory's 31 (51): 50.5 → 51.
    expect(naqiSubIndex('pm25', 30.5)).toBe(51);
    expect(naqiSubIndex('pm25', 30.2)).toBe(50);
    // CO 1.05 mg/m³, between 1.0 (50) and 1.1 (51).
    expect(naqiSubIndex('co', 1.05)).toBe(51);
  });

  it('ends at 500', () => {
    expect(naqiSubIndex('pm25', 380)).toBe(500);
    expect(naqiSubIndex('pm25', 999)).toBe(500);
    expect(naqiSubIndex('pm10', 2000)).toBe(500);
  });

  it('has no value for no concentration', () => {
    expect(naqiSubIndex('pm25', -1)).toBeNull();
    expect(naqiSubIndex('pm25', Number.NaN)).toBeNull();
    expect(naqiSubIndex('pm25', Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("India's index", () => {
  it('is the highest sub-index of the day (a worked example from the table)', () => {
    // 24 hours of PM10 at 180, PM2.5 at 75 and NO2 at 45 µg/m³:
    //   PM10 180 in 101–250 (101–200): 101 + 99 / 149 × (180 − 101) = 153.49 → 153
    //   PM2.5 75 in 61–90 (101–200):   101 + 99 / 29 × (75 − 61)    = 148.79 → 149
    //   NO2 45 in 41–80 (51–100):      51 + 49 / 39 × (45 − 41)      = 56.03  → 56
    // The index is 153, Moderately polluted, from PM10.
    expect(computeNaqi({ pm10: day(180), pm25: day(75), no2: day(45) })).toEqual({
      standard: 'IN-NAQI',
      index: 153,
      category: 'moderate',
      dominantPollutant: 'pm10',
      subIndices: { pm25: 149, pm10: 153, no2: 56 },
      concentrations: { pm25: 75, pm10: 180, no2: 45 },
      complete: true,
    });
  });

  it('reaches Severe on a winter day (a worked example from the table)', () => {
    //   PM2.5 300 in 251–380 (401–500): 401 + 99 / 129 × (300 − 251) = 438.6  → 439
    //   PM10 450 in 431–510 (401–500):  401 + 99 / 79 × (450 − 431)  = 424.81 → 425
    //   SO2 20 in 0–40 (0–50):          50 / 40 × 20                 = 25
    const result = computeNaqi({ pm25: day(300), pm10: day(450), so2: day(20) });
    expect(result).toMatchObject({ index: 439, category: 'severe', dominantPollutant: 'pm25' });
    expect(result.subIndices).toEqual({ pm25: 439, pm10: 425, so2: 25 });
  });

  it('averages over the day the hours that have data, and needs 16 of them', () => {
    const sixteen = [...hours(8, null), ...hours(16, 75)];
    const fifteen = [...hours(9, null), ...hours(15, 75)];
    const base = { pm10: day(180), no2: day(45), so2: day(20) };
    expect(computeNaqi({ ...base, pm25: sixteen }).subIndices.pm25).toBe(149);
    expect(computeNaqi({ ...base, pm25: fifteen }).subIndices.pm25).toBeUndefined();
    // The missing hours may fall anywhere in the day.
    const scattered = Array.from({ length: 24 }, (_, hour) => (hour % 3 === 0 ? null : 75));
    expect(computeNaqi({ ...base, pm25: scattered }).subIndices.pm25).toBe(149);
  });

  it('looks at the last 24 hours only', () => {
    const result = computeNaqi({
      pm25: [...hours(24, 500), ...day(75)],
      pm10: day(180),
      no2: day(45),
    });
    expect(result.concentrations.pm25).toBe(75);
  });

  it('gives no index from two pollutants, but still their sub-indices', () => {
    expect(computeNaqi({ pm25: day(75), pm10: day(180), no2: hours(15, 45) })).toEqual({
      standard: 'IN-NAQI',
      index: null,
      category: null,
      dominantPollutant: null,
      subIndices: { pm25: 149, pm10: 153 },
      concentrations: { pm25: 75, pm10: 180 },
      complete: false,
      incompleteReason: 'too_few_pollutants',
    });
  });

  it('gives no index from three pollutants when neither PM2.5 nor PM10 is one of them', () => {
    const result = computeNaqi({ no2: day(45), so2: day(20), co: day(1.5) });
    expect(result).toMatchObject({
      index: null,
      complete: false,
      incompleteReason: 'no_particulates',
    });
    expect(Object.keys(result.subIndices)).toEqual(['no2', 'so2', 'co']);
  });

  it('gives no index from no data', () => {
    expect(computeNaqi({})).toMatchObject({ index: null, incompleteReason: 'no_data' });
    expect(computeNaqi({ pm25: hours(24, null) })).toMatchObject({ incompleteReason: 'no_data' });
  });

  it("takes carbon monoxide's highest 8-hour average of the day, not the day's mean", () => {
    // 16 hours at 1.0 mg/m³, then 8 at 3.0: the day's mean is 1.67, the last 8 hours' 3.0.
    // CO 3.0 in 2.1–10 (101–200): 101 + 99 / 7.9 × 0.9 = 112.28 → 112.
    const result = computeNaqi({ co: [...hours(16, 1.0), ...hours(8, 3.0)] });
    expect(result.concentrations.co).toBe(3);
    expect(result.subIndices.co).toBe(112);
  });

  it("takes ozone's highest 8-hour average of the day", () => {
    // 8 hours at 120 µg/m³ in the middle of a day at 40: O3 120 in 101–168 (101–200):
    // 101 + 99 / 67 × 19 = 129.07 → 129.
    const o3 = [...hours(8, 40), ...hours(8, 120), ...hours(8, 40)];
    const result = computeNaqi({ o3 });
    expect(result.concentrations.o3).toBe(120);
    expect(result.subIndices.o3).toBe(129);
  });

  it('counts an 8-hour average only with 6 of its 8 hours', () => {
    // The high hours are 5 of an 8-hour window: too few for it. Each window around them that has
    // 6 hours mixes in lower ones.
    const o3 = [...hours(8, 40), null, null, null, ...hours(5, 160), ...hours(8, 40)];
    const result = computeNaqi({ o3 });
    // Best window with 6 of 8: 5 hours of 160 and one of 40 → 140.
    expect(result.concentrations.o3).toBe(140);
  });

  it("reads ozone's upper bands as the day's highest hour, being 1-hour values", () => {
    // 8 hours averaging 256.25 µg/m³, above the 8-hour bands' 208; the highest hour, 300, is read
    // on the 1-hour band 209–748 (301–400): 301 + 99 / 539 × (300 − 209) = 317.71 → 318.
    const o3 = [...hours(16, 40), ...hours(7, 250), 300];
    const result = computeNaqi({ o3 });
    expect(result.concentrations.o3).toBe(300);
    expect(result.subIndices.o3).toBe(318);
  });

  it('counts unusable values as missing and values below zero as zero', () => {
    const result = computeNaqi({
      pm25: [...hours(8, Number.NaN), ...hours(16, 75)],
      pm10: day(180),
      so2: day(-3),
    });
    expect(result.subIndices).toEqual({ pm25: 149, pm10: 153, so2: 0 });
    expect(result).toMatchObject({ index: 153, complete: true });
  });
});
