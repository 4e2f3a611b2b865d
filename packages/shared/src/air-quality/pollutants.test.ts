import { describe, expect, it } from 'vitest';
import { computeAirQuality } from './air-quality';
import {
  AIR_QUALITY_STANDARDS,
  POLLUTANT_UNITS,
  POLLUTANTS,
  standardOfCountry,
} from './pollutants';

describe('air quality standards', () => {
  it("names each country's standard", () => {
    expect(standardOfCountry('IN')).toBe('IN-NAQI');
    expect(standardOfCountry('US')).toBe('US-EPA');
    expect(standardOfCountry(' us ')).toBe('US-EPA');
    expect(standardOfCountry('GB')).toBeNull();
    expect(standardOfCountry('')).toBeNull();
  });

  it('states a unit for every pollutant India indexes and for the six the US does', () => {
    expect(Object.keys(POLLUTANT_UNITS['IN-NAQI'])).toEqual([...POLLUTANTS]);
    expect(Object.values(POLLUTANT_UNITS['IN-NAQI']).filter((u) => u !== 'µg/m³')).toEqual([
      'mg/m³',
    ]);
    expect(POLLUTANT_UNITS['US-EPA']).toEqual({
      pm25: 'µg/m³',
      pm10: 'µg/m³',
      no2: 'ppb',
      so2: 'ppb',
      co: 'ppm',
      o3: 'ppb',
    });
  });

  it("computes a place's index in the standard asked for", () => {
    const hourly = {
      pm25: Array<number>(24).fill(75),
      pm10: Array<number>(24).fill(180),
      no2: Array<number>(24).fill(45),
    };
    for (const standard of AIR_QUALITY_STANDARDS) {
      expect(computeAirQuality(standard, hourly).standard).toBe(standard);
    }
    expect(computeAirQuality('IN-NAQI', hourly).index).toBe(153);
    // PM2.5 75 on the US 55.5–125.4 line: 151 + 49 × 19.5 / 69.9 = 164.67 → 165.
    expect(computeAirQuality('US-EPA', hourly).index).toBe(165);
  });
});
