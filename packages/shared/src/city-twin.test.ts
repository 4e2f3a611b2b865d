import { describe, expect, it } from 'vitest';
import { cityTwinSchema } from './city-twin';
import { primaryThresholds, SENSOR_THRESHOLDS } from './sensor-types';

const columns = {
  id: ['a', 'b'],
  name: ['A', 'B'],
  type: ['traffic', 'energy'],
  status: ['active', 'offline'],
  lat: [22.5, 22.6],
  lng: [88.3, 88.4],
  value: [42, null],
  critical: [90, 40],
};

describe('the city twin answer', () => {
  it('takes one entry per sensor in every column', () => {
    const twin = cityTwinSchema.parse({ city: 'kolkata', sensors: columns, activeAlerts: [] });
    expect(twin.sensors.id).toEqual(['a', 'b']);
  });

  it('refuses columns of different lengths', () => {
    const short = { ...columns, lat: [22.5] };
    const parsed = cityTwinSchema.safeParse({ city: 'kolkata', sensors: short, activeAlerts: [] });
    expect(parsed.success).toBe(false);
  });
});

describe('thresholds on the primary value', () => {
  it("are the type's own levels where they apply to the value", () => {
    expect(primaryThresholds('traffic', {})).toEqual(SENSOR_THRESHOLDS.traffic);
    expect(primaryThresholds('air_quality', { scale: 'US EPA' })).toEqual(
      SENSOR_THRESHOLDS.air_quality,
    );
  });

  it("turn an energy feeder's percentages of its rated load into MW", () => {
    const levels = SENSOR_THRESHOLDS.energy!;
    expect(primaryThresholds('energy', { ratedMw: 40 })).toEqual({
      warning: (levels.warning / 100) * 40,
      high: (levels.high / 100) * 40,
      critical: (levels.critical / 100) * 40,
    });
  });

  it('are none for population, water and a feeder without a rated load', () => {
    expect(primaryThresholds('population', {})).toBeNull();
    expect(primaryThresholds('water', { ph: 7 })).toBeNull();
    expect(primaryThresholds('energy', {})).toBeNull();
    expect(primaryThresholds('energy', { ratedMw: 0 })).toBeNull();
    expect(primaryThresholds('energy', { ratedMw: '40' })).toBeNull();
  });
});
