import { SENSOR_THRESHOLDS } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { CRITICAL_SHARE, twinLevel, WARNING_SHARE } from './sensor-level';

const critical = SENSOR_THRESHOLDS.traffic!.critical;
/** The smallest step past a boundary that a reading can hold (tenths, as the types' values do). */
const STEP = 0.1;

describe("a sensor's colour in the twin", () => {
  it('is normal up to and at 60 % of the critical level, a warning just above', () => {
    expect(twinLevel('active', 0, critical)).toBe('normal');
    expect(twinLevel('active', WARNING_SHARE * critical, critical)).toBe('normal');
    expect(twinLevel('active', WARNING_SHARE * critical + STEP, critical)).toBe('warning');
  });

  it('is a warning up to and at 80 %, critical just above', () => {
    expect(twinLevel('active', CRITICAL_SHARE * critical, critical)).toBe('warning');
    expect(twinLevel('active', CRITICAL_SHARE * critical + STEP, critical)).toBe('critical');
    expect(twinLevel('active', critical, critical)).toBe('critical');
    expect(twinLevel('active', 2 * critical, critical)).toBe('critical');
  });

  it('reads the boundaries at 60 % and 80 % of each type’s own critical level', () => {
    // Traffic turns critical at 90 %: amber above 54, red above 72.
    expect(twinLevel('active', 54, 90)).toBe('normal');
    expect(twinLevel('active', 54.1, 90)).toBe('warning');
    expect(twinLevel('active', 72, 90)).toBe('warning');
    expect(twinLevel('active', 72.1, 90)).toBe('critical');
    // Air quality at AQI 200: amber above 120, red above 160.
    expect(twinLevel('active', 120, 200)).toBe('normal');
    expect(twinLevel('active', 121, 200)).toBe('warning');
    expect(twinLevel('active', 161, 200)).toBe('critical');
    // A feeder rated 40 MW: amber above 24 MW, red above 32 MW.
    expect(twinLevel('active', 24, 40)).toBe('normal');
    expect(twinLevel('active', 24.1, 40)).toBe('warning');
    expect(twinLevel('active', 32.1, 40)).toBe('critical');
  });

  it.each(['offline', 'maintenance', 'inactive'] as const)(
    'is grey while the sensor is %s, whatever its last value',
    (status) => {
      expect(twinLevel(status, 2 * critical, critical)).toBe('idle');
      expect(twinLevel(status, 0, critical)).toBe('idle');
      expect(twinLevel(status, null, null)).toBe('idle');
    },
  );

  it('is normal without a value yet, or where the type has no critical level', () => {
    expect(twinLevel('active', null, critical)).toBe('normal');
    expect(twinLevel('active', 1_000_000, null)).toBe('normal');
  });
});
