import { describe, expect, it } from 'vitest';
import { epaSubIndex } from './epa-aqi';
import { nowcast } from './nowcast';

describe('NowCast', () => {
  it("gives EPA's PM2.5 example: 17.4 µg/m³", () => {
    // EPA, "The NowCast Method" (AirNow's NowCast presentation, "Computing the NowCast"): the 12
    // hours 50 80 75 90 82 53 64 74 21 10 16 13 µg/m³, oldest first. Range 90 − 10 = 80, scaled
    // rate of change 80 / 90, weight 1 − 80/90 = 0.11, below 0.5 so 0.5; (13·0.5⁰ + 16·0.5¹ +
    // 10·0.5² + 21·0.5³ + 74·0.5⁴ + …) / (0.5⁰ + 0.5¹ + …) = 17.4 µg/m³.
    const hours = [50, 80, 75, 90, 82, 53, 64, 74, 21, 10, 16, 13];
    const value = nowcast(hours, 'pm25');
    expect(value).toBeCloseTo(17.414, 3);
    // Truncated to 17.4 and read on the 2024 table's 9.1–35.4 line (AQI 51–100):
    // 51 + 49 × (17.4 − 9.1) / (35.4 − 9.1) = 66.46 → 66.
    expect(epaSubIndex('pm25', value!, '24h')).toBe(66);
  });

  it("gives AirNow's ozone example, with its missing hour: 65 ppb", () => {
    // AirNow-Tech, "AirNow Updates to Ozone Real-time Reporting and Daily Reporting" (2016),
    // example calculation: the last 8 hours, newest first, 63 69 80 74 60 (missing) 35 22 ppb.
    // Range 80 − 22 = 58, scaled rate 58 / 80 = 0.725, weight 1 − 0.725 = 0.275 (ozone has no
    // lower limit); Σ c·0.275^h = 89.925 over the hours with data; divided by Σ 0.275^h over the
    // same hours (1.37769) that is 65.27 ppb, truncated to 0.065 ppm: AQI
    // 51 + 49 × (0.065 − 0.055) / (0.070 − 0.055) = 83.7 → 84.
    const hours = [22, 35, null, 60, 74, 80, 69, 63];
    const value = nowcast(hours, 'o3');
    expect(value).toBeCloseTo(65.272, 3);
    expect(epaSubIndex('o3', value!, '8h')).toBe(84);
  });

  it('is the plain mean of the hours when the air is steady (weight 1)', () => {
    expect(nowcast([20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20], 'pm10')).toBe(20);
    expect(nowcast([40, 40, 40, 40, 40, 40, 40, 40], 'o3')).toBe(40);
  });

  it('weighs with minimum / maximum, held at 0.5 for particles but not for ozone', () => {
    // 12 hours: 10 then eleven of 40; minimum / maximum = 0.25.
    const particles = [10, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40];
    const weight = 0.5;
    const expected =
      (40 * (1 - weight ** 11) + 10 * weight ** 11 * (1 - weight)) / (1 - weight ** 12);
    expect(nowcast(particles, 'pm25')).toBeCloseTo(expected, 10);

    // Ozone's 8 hours with minimum / maximum = 0.25 keep 0.25: (40·(1 + w + … + w⁶) + 10·w⁷) / Σ.
    const ozone = [10, 40, 40, 40, 40, 40, 40, 40];
    const w = 0.25;
    const weights = [0, 1, 2, 3, 4, 5, 6, 7].map((h) => w ** h);
    const sum = weights.reduce((a, b) => a + b, 0);
    const ozoneExpected = (40 * (sum - w ** 7) + 10 * w ** 7) / sum;
    expect(nowcast(ozone, 'o3')).toBeCloseTo(ozoneExpected, 10);
  });

  it('leaves missing hours out of both sums', () => {
    // Hours ago 0 to 11, newest last: 30 (now), missing, 20, then nine missing hours. Weight
    // 20 / 30 = 0.667: (30·1 + 20·0.667²) / (1 + 0.667²).
    const hours = [null, null, null, null, null, null, null, null, null, 20, null, 30];
    const w = 20 / 30;
    expect(nowcast(hours, 'pm25')).toBeCloseTo((30 + 20 * w ** 2) / (1 + w ** 2), 10);
  });

  it('needs 2 of the 3 most recent hours', () => {
    const steady = Array<number | null>(12).fill(25);
    expect(nowcast([...steady.slice(0, 9), 25, 25, null], 'pm25')).toBe(25);
    expect(nowcast([...steady.slice(0, 9), null, 25, 25], 'pm25')).toBe(25);
    expect(nowcast([...steady.slice(0, 9), 25, null, null], 'pm25')).toBeNull();
    expect(nowcast([...steady.slice(0, 9), null, null, 25], 'pm25')).toBeNull();
    expect(nowcast([40, 40, 40, 40, 40, null, 40, null], 'o3')).toBeNull();
    expect(nowcast([25], 'pm25')).toBeNull();
    expect(nowcast([], 'o3')).toBeNull();
  });

  it('looks back only 12 hours for particles and 8 for ozone', () => {
    expect(nowcast([1000, 1000, ...Array<number>(12).fill(10)], 'pm25')).toBe(10);
    expect(nowcast([1000, ...Array<number>(8).fill(10)], 'o3')).toBe(10);
  });

  it('counts unusable values as missing and values below zero as zero', () => {
    expect(nowcast([...Array<number>(9).fill(10), Number.NaN, 10, 10], 'pm25')).toBe(10);
    expect(nowcast(Array<number>(12).fill(-2), 'pm25')).toBe(0);
  });

  it('gives the latest hour when ozone has fallen to nothing within the hours (weight 0)', () => {
    expect(nowcast([0, 50, 40, 30, 20, 10, 5, 8], 'o3')).toBe(8);
    expect(nowcast([0, 50, 40, 30, 20, 10, 5, null], 'o3')).toBe(5);
  });
});
