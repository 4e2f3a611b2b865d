import { describe, expect, it } from 'vitest';
import { readingLevel } from './sensor-thresholds';

describe('readingLevel', () => {
  it('names the highest threshold a reading reaches, each boundary included', () => {
    const aqi = (value: number | null) =>
      readingLevel({ type: 'air_quality', metadata: {}, value });
    expect(aqi(null)).toBeNull();
    expect(aqi(99)).toBeNull();
    expect(aqi(100)).toBe('warning');
    expect(aqi(149.9)).toBe('warning');
    expect(aqi(150)).toBe('high');
    expect(aqi(200)).toBe('critical');
    expect(aqi(206)).toBe('critical');
  });

  it("reads energy against the feeder's rated load, and has no level without one", () => {
    const feeder = (value: number, ratedMw?: number) =>
      readingLevel({ type: 'energy', metadata: ratedMw ? { ratedMw } : {}, value });
    expect(feeder(33.9, 40)).toBeNull();
    expect(feeder(34, 40)).toBe('warning');
    expect(feeder(40, 40)).toBe('critical');
    expect(feeder(40)).toBeNull();
  });

  it('has no level for a type without thresholds', () => {
    expect(readingLevel({ type: 'population', metadata: {}, value: 1e9 })).toBeNull();
  });
});
