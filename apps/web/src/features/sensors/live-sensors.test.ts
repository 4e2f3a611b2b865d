import type { Sensor } from '@smart-city/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiveData, LiveSensor } from '../../lib/live/live-reducer';
import { testSensor } from '../../test/live-fixtures';
import { mergeLiveSensors, useSavedStatuses } from './live-sensors';

const SENSOR: Sensor = testSensor({ value: 40, lastReading: '2026-11-21T10:00:00.000Z' });

function liveOf(overrides: Partial<LiveSensor>, city: LiveData['city'] = 'kolkata') {
  const sensor: LiveSensor = { ...SENSOR, simulated: false, ...overrides };
  return { city, sensors: { [sensor.id]: sensor } };
}

describe('mergeLiveSensors', () => {
  it('takes a newer live reading and the live status', () => {
    const [merged] = mergeLiveSensors(
      [SENSOR],
      liveOf({ value: 71, lastReading: '2026-11-21T10:00:05.000Z', status: 'offline' }),
      'kolkata',
    );
    expect(merged).toMatchObject({
      value: 71,
      lastReading: '2026-11-21T10:00:05.000Z',
      status: 'offline',
    });
  });

  it("keeps the loaded value when the live one is older, another city's or simulated", () => {
    const older = liveOf({ value: 1, lastReading: '2026-11-21T09:00:00.000Z' });
    expect(mergeLiveSensors([SENSOR], older, 'kolkata')[0]!.value).toBe(40);
    const elsewhere = liveOf({ value: 2, lastReading: '2026-11-21T11:00:00.000Z' }, 'new-york');
    expect(mergeLiveSensors([SENSOR], elsewhere, 'kolkata')[0]!.value).toBe(40);
    const simulated = liveOf({
      value: 3,
      lastReading: '2026-11-21T11:00:00.000Z',
      simulated: true,
    });
    expect(mergeLiveSensors([SENSOR], simulated, 'kolkata')[0]!.value).toBe(40);
  });

  it('shows a saved status while the live state still has the status from before', () => {
    const saved = {
      [SENSOR.id]: { status: 'maintenance' as const, liveStatusBefore: 'active' as const },
    };
    expect(
      mergeLiveSensors([SENSOR], liveOf({ status: 'active' }), 'kolkata', saved)[0]!.status,
    ).toBe('maintenance');
    expect(
      mergeLiveSensors([SENSOR], { city: null, sensors: {} }, 'kolkata', saved)[0]!.status,
    ).toBe('maintenance');
  });
});

describe('useSavedStatuses', () => {
  it('forgets a saved status once the live status moves on, so later live changes show', () => {
    let live = liveOf({ status: 'active' });
    const { result, rerender } = renderHook(() => useSavedStatuses(live, 'kolkata'));
    act(() => result.current.remember(SENSOR.id, 'maintenance', 'active'));
    expect(result.current.saved[SENSOR.id]?.status).toBe('maintenance');

    // The live echo of the change arrives.
    live = liveOf({ status: 'maintenance' });
    rerender();
    expect(result.current.saved).toEqual({});

    // Another tab returns it to service: the live status, not the old saved one, is shown.
    live = liveOf({ status: 'active' });
    rerender();
    expect(mergeLiveSensors([SENSOR], live, 'kolkata', result.current.saved)[0]!.status).toBe(
      'active',
    );
  });
});
