import { describe, expect, it } from 'vitest';
import { FALLBACK_STATS, fallbackReadings } from './fallback-readings';

function values(random: () => number) {
  return Object.fromEntries(fallbackReadings(random).map((sensor) => [sensor.id, sensor.value]));
}

describe('fallback readings', () => {
  it("follow the spec's formulas at both ends of the random range", () => {
    // Lowest: centre - spread, no noise. Highest: centre + spread + all the noise.
    expect(values(() => 0)).toEqual({ sensor_001: 30, sensor_002: 65, sensor_003: 2 });
    expect(values(() => 0.999999)).toEqual({ sensor_001: 80, sensor_002: 103, sensor_003: 5.5 });
  });

  it('name the three sensors with their units and types', () => {
    expect(fallbackReadings(() => 0.5)).toEqual([
      { id: 'sensor_001', type: 'traffic', unit: 'vehicles/min', value: 55 },
      { id: 'sensor_002', type: 'air_quality', unit: 'AQI', value: 84 },
      { id: 'sensor_003', type: 'energy', unit: 'kWh', value: 3.75 },
    ]);
  });

  it('say 34 sensors, 32 active', () => {
    expect(FALLBACK_STATS).toEqual({ totalSensors: 34, activeSensors: 32 });
  });
});
