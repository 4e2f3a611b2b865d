import { MAX_LIVE_ALERTS } from '@smart-city/shared';
import type { Stats } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { testAlert, testAlerts, testSensor } from '../../test/live-fixtures';
import { FALLBACK_STATS, fallbackReadings } from './fallback-readings';
import {
  initialLiveData,
  liveReducer,
  selectActiveAlerts,
  selectCriticalAlertCount,
} from './live-reducer';
import type { LiveAction, LiveData } from './live-reducer';

const STATS: Stats = {
  totalSensors: 12,
  activeSensors: 11,
  alerts: 2,
  criticalAlerts: 1,
  lastUpdate: '2026-11-21T10:00:00.000Z',
};

function run(...actions: LiveAction[]): LiveData {
  return actions.reduce(liveReducer, initialLiveData);
}

const snapshot: LiveAction = {
  type: 'snapshot',
  city: 'kolkata',
  sensors: [testSensor(), testSensor({ id: 'kol-aq-01', type: 'air_quality', unit: 'AQI' })],
  alerts: testAlerts(2),
  stats: STATS,
};

const tick = (at = '2026-11-21T10:00:05.000Z'): LiveAction => ({
  type: 'fallback-tick',
  sensors: fallbackReadings(() => 0.5),
  stats: FALLBACK_STATS,
  at,
});

describe('live reducer', () => {
  it('starts disconnected and empty', () => {
    expect(initialLiveData).toMatchObject({
      connection: 'disconnected',
      sensors: {},
      alerts: [],
      stats: null,
    });
  });

  it('replaces everything with a snapshot, keyed by sensor id', () => {
    const state = run(snapshot);
    expect(state.city).toBe('kolkata');
    expect(Object.keys(state.sensors)).toEqual(['kol-traffic-01', 'kol-aq-01']);
    expect(state.sensors['kol-traffic-01']).toMatchObject({
      value: 40,
      unit: '%',
      status: 'active',
      name: 'Howrah Bridge traffic',
      simulated: false,
    });
    expect(state.alerts.map((alert) => alert.id)).toEqual(['alert-1', 'alert-2']);
    expect(state.stats).toEqual({ ...STATS, simulated: false });
  });

  it("sets a sensor's lastReading, value and unit from readings, never going back in time", () => {
    const state = run(snapshot, {
      type: 'readings',
      city: 'kolkata',
      readings: [
        { sensorId: 'kol-traffic-01', value: 77, unit: '%', timestamp: '2026-11-21T10:00:05.000Z' },
        { sensorId: 'kol-aq-01', value: 10, unit: 'AQI', timestamp: '2026-11-21T09:00:00.000Z' },
        { sensorId: 'kol-new-01', value: 3, unit: 'kWh', timestamp: '2026-11-21T10:00:05.000Z' },
      ],
    });
    expect(state.sensors['kol-traffic-01']).toMatchObject({
      value: 77,
      lastReading: '2026-11-21T10:00:05.000Z',
      name: 'Howrah Bridge traffic',
    });
    expect(state.sensors['kol-aq-01']!.value).toBe(40);
    expect(state.sensors['kol-new-01']).toMatchObject({ value: 3, unit: 'kWh', status: 'active' });
  });

  it("ignores a late event of another city's room", () => {
    const before = run(snapshot);
    const after = [
      liveReducer(before, {
        type: 'readings',
        city: 'new-york',
        readings: [
          {
            sensorId: 'kol-traffic-01',
            value: 1,
            unit: '%',
            timestamp: '2099-01-01T00:00:00.000Z',
          },
        ],
      }),
      liveReducer(before, {
        type: 'alert-created',
        alert: testAlert({ id: 'ny', city: 'new-york' }),
      }),
      liveReducer(before, {
        type: 'stats',
        city: 'new-york',
        stats: { ...STATS, totalSensors: 99 },
      }),
    ];
    for (const state of after) expect(state).toBe(before);
  });

  it('puts a new alert at the front and keeps at most 50', () => {
    let state = run({ ...snapshot, alerts: testAlerts(MAX_LIVE_ALERTS) } as LiveAction);
    state = liveReducer(state, { type: 'alert-created', alert: testAlert({ id: 'newest' }) });
    expect(state.alerts).toHaveLength(MAX_LIVE_ALERTS);
    expect(state.alerts[0]!.id).toBe('newest');
    expect(state.alerts.some((alert) => alert.id === `alert-${MAX_LIVE_ALERTS}`)).toBe(false);
  });

  it('replaces an alert it already has instead of listing it twice', () => {
    const state = run(snapshot, {
      type: 'alert-created',
      alert: testAlert({ id: 'alert-2', title: 'Escalated' }),
    });
    expect(state.alerts.map((alert) => alert.title)).toEqual(['Alert 1', 'Escalated']);
  });

  it('replaces an updated alert by id and removes a deleted one', () => {
    let state = run(snapshot, {
      type: 'alert-updated',
      alert: testAlert({ id: 'alert-2', status: 'acknowledged', title: 'Alert 2' }),
    });
    expect(state.alerts[1]!.status).toBe('acknowledged');
    expect(state.alerts).toHaveLength(2);
    state = liveReducer(state, { type: 'alert-deleted', city: 'kolkata', id: 'alert-1' });
    expect(state.alerts.map((alert) => alert.id)).toEqual(['alert-2']);
  });

  it('sets status and metadata on a sensor update', () => {
    const state = run(snapshot, {
      type: 'sensor-updated',
      city: 'kolkata',
      id: 'kol-traffic-01',
      status: 'maintenance',
      metadata: { lane: 'closed' },
    });
    expect(state.sensors['kol-traffic-01']).toMatchObject({
      status: 'maintenance',
      metadata: { lane: 'closed' },
      value: 40,
    });
  });

  it('takes stats from the server', () => {
    const state = run(snapshot, {
      type: 'stats',
      city: 'kolkata',
      stats: { ...STATS, activeSensors: 7 },
    });
    expect(state.stats).toMatchObject({ activeSensors: 7, simulated: false });
  });

  it("takes the badge from the server's count, which covers more than the 50 alerts kept", () => {
    const state = run({ ...snapshot, stats: { ...STATS, criticalAlerts: 63 } } as LiveAction);
    expect(selectCriticalAlertCount(state)).toBe(63);
    const after = liveReducer(state, {
      type: 'stats',
      city: 'kolkata',
      stats: { ...STATS, criticalAlerts: 64 },
    } as LiveAction);
    expect(selectCriticalAlertCount(after)).toBe(64);
  });

  it('counts the kept critical alerts that are still open or acknowledged while simulated', () => {
    const state = run(
      {
        ...snapshot,
        alerts: [
          testAlert({ id: 'a', severity: 'critical', status: 'open' }),
          testAlert({ id: 'b', severity: 'critical', status: 'acknowledged' }),
          testAlert({ id: 'c', severity: 'critical', status: 'resolved' }),
          testAlert({ id: 'd', severity: 'high', status: 'open' }),
          testAlert({ id: 'e', severity: 'critical', status: 'dismissed' }),
        ],
      } as LiveAction,
      tick(),
    );
    expect(state.stats?.simulated).toBe(true);
    expect(selectCriticalAlertCount(state)).toBe(2);
    expect(selectActiveAlerts(state).map((alert) => alert.id)).toEqual(['a', 'b', 'd']);
  });

  it('marks fallback sensors and stats as simulated while disconnected', () => {
    const state = run(snapshot, tick());
    expect(state.simulated).toBe(true);
    expect(state.sensors.sensor_001).toMatchObject({
      unit: 'vehicles/min',
      status: 'active',
      simulated: true,
      lastReading: '2026-11-21T10:00:05.000Z',
    });
    expect(state.sensors.sensor_002).toMatchObject({ unit: 'AQI', simulated: true });
    expect(state.sensors.sensor_003).toMatchObject({ unit: 'kWh', simulated: true });
    expect(state.stats).toMatchObject({
      totalSensors: 34,
      activeSensors: 32,
      alerts: 2,
      criticalAlerts: 2,
      simulated: true,
    });
  });

  it('drops the simulated data the moment the socket connects, and ignores a late tick', () => {
    let state = run(snapshot, tick(), { type: 'connection', connection: 'connected' });
    expect(state.connection).toBe('connected');
    expect(state.simulated).toBe(false);
    expect(Object.keys(state.sensors).sort()).toEqual(['kol-aq-01', 'kol-traffic-01']);
    expect(state.stats).toBeNull();
    state = liveReducer(state, tick());
    expect(state.sensors.sensor_001).toBeUndefined();
  });

  it('forgets everything on reset', () => {
    expect(run(snapshot, tick(), { type: 'reset' })).toEqual(initialLiveData);
  });
});
