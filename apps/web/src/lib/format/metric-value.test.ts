import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import {
  formatCoordinates,
  formatMetricReading,
  formatMetricValue,
  formatPopulation,
  formatUnit,
} from './metric-value';

describe('formatMetricValue', () => {
  it.each([
    ['traffic', 42.26, '42.3'],
    ['traffic', 70, '70.0'],
    ['air_quality', 143.4, '143'],
    ['air_quality', 87.5, '88'],
    ['energy', 118.04, '118.0'],
    ['water', 1240.46, '1,240.5'],
    ['waste', 9.95, '10.0'],
    ['population', 1204310.4, '1,204,310'],
  ] as const)('shows %s %d as %s', (type, value, expected) => {
    expect(formatMetricValue(value, type, 'en')).toBe(expected);
  });

  it("writes the number in the reader's language", () => {
    expect(formatMetricValue(1240.46, 'water', 'de')).toBe('1.240,5');
  });
});

describe('formatMetricReading', () => {
  it('puts the unit after the value, or leaves it out when there is none', () => {
    expect(formatMetricReading(42.26, 'traffic', '%', 'en')).toBe('42.3 %');
    expect(formatMetricReading(132.2, 'air_quality', 'AQI', 'en')).toBe('132 AQI');
    expect(formatMetricReading(34, 'energy', 'MW', 'en')).toBe('34.0 MW');
    expect(formatMetricReading(34, 'energy', '', 'en')).toBe('34.0');
  });

  it("writes the words of units in the reader's language, and keeps the symbols", async () => {
    await applyLanguage('bn');
    await applyLanguage('en');
    expect(formatMetricReading(1019, 'population', 'people', 'bn-IN')).toBe('১,০১৯ জন');
    expect(formatMetricReading(1019, 'population', 'people', 'en-IN')).toBe('1,019 people');
    expect(formatUnit('ML/day', 'bn-IN')).toBe('ML/দিন');
    expect(formatUnit('ML/day', 'en-IN')).toBe('ML/day');
    expect(formatUnit('AQI', 'bn-IN')).toBe('AQI');
  });
  afterAll(() => applyLanguage('en'));
});

describe('formatCoordinates', () => {
  it('writes a place to four decimals', () => {
    expect(formatCoordinates(22.57264, 88.3639, 'en')).toBe('22.5726, 88.3639');
  });
});

describe('formatPopulation', () => {
  it("keeps the city's own figure in English and writes the count in words in Hindi and Bengali", () => {
    const kolkata = { population: '14.9M', populationCount: 14_900_000 };
    expect(formatPopulation(kolkata, 'en-IN')).toBe('14.9M');
    expect(formatPopulation(kolkata, 'hi-IN')).toBe('1.5 करोड़');
    expect(formatPopulation({ population: '0.4M', populationCount: 400_000 }, 'bn-IN')).toBe(
      '৪ লাখ',
    );
    expect(formatPopulation({ population: '2.1M' }, 'bn-IN')).toBe('2.1M');
  });
});
