import type { CityTwin } from '@smart-city/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { testAlert } from '../../test/live-fixtures';
import { cityTwinQueryKey } from './city-twin-keys';
import { toTwinData } from './city-twin-query';
import type { TwinData } from './city-twin-query';
import { cityTwinLive } from './city-twin.live';

const TWIN: CityTwin = {
  city: 'kolkata',
  sensors: {
    id: ['kol-energy-01', 'kol-traffic-01'],
    name: ['Esplanade Feeder', 'Howrah Traffic'],
    type: ['energy', 'traffic'],
    status: ['active', 'active'],
    lat: [22.56, 22.58],
    lng: [88.35, 88.34],
    value: [20, 50],
    critical: [40, 90],
  },
  activeAlerts: [],
};

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(cityTwinQueryKey('kolkata'), toTwinData(TWIN));
  const context = { queryClient, city: 'kolkata' as const };
  const twin = () => queryClient.getQueryData<TwinData>(cityTwinQueryKey('kolkata'))!;
  return { queryClient, context, twin };
}

const reading = (sensorId: string, value: number) => ({
  sensorId,
  value,
  unit: '%',
  timestamp: '2026-11-21T10:00:05.000Z',
});

describe('the twin’s live module', () => {
  it('puts the latest values in place and keeps the layout, so the scene keeps its meshes', () => {
    const { context, twin } = setup();
    const before = twin();
    cityTwinLive.handlers.readings!(
      { city: 'kolkata', readings: [reading('kol-traffic-01', 95)] },
      context,
    );
    expect(twin().values).toEqual([20, 95]);
    expect(twin().layout).toBe(before.layout);
    expect(twin().statuses).toBe(before.statuses);
  });

  it('changes nothing for readings of sensors it does not hold, or of another city', () => {
    const { context, twin } = setup();
    const before = twin();
    cityTwinLive.handlers.readings!(
      { city: 'kolkata', readings: [reading('elsewhere', 1), reading('kol-energy-01', 20)] },
      context,
    );
    cityTwinLive.handlers.readings!(
      { city: 'new-york', readings: [reading('kol-traffic-01', 99)] },
      context,
    );
    expect(twin()).toBe(before);
  });

  it('takes a new status, and the critical level a feeder’s new rated load gives', () => {
    const { context, twin } = setup();
    cityTwinLive.handlers['sensor:updated']!(
      { id: 'kol-energy-01', city: 'kolkata', status: 'maintenance', metadata: { ratedMw: 50 } },
      context,
    );
    expect(twin().statuses).toEqual(['maintenance', 'active']);
    expect(twin().critical).toEqual([50, 90]);
  });

  it('lists an active alert once, keeps it current, and drops it when resolved or deleted', () => {
    const { context, twin } = setup();
    const raised = testAlert({ id: 'a1', sensorId: 'kol-traffic-01', severity: 'high' });
    cityTwinLive.handlers['alert:created']!(raised, context);
    cityTwinLive.handlers['alert:created']!(raised, context);
    expect(twin().alerts.map((a) => [a.id, a.severity])).toEqual([['a1', 'high']]);

    cityTwinLive.handlers['alert:updated']!({ ...raised, severity: 'critical' }, context);
    expect(twin().alerts.map((a) => [a.id, a.severity])).toEqual([['a1', 'critical']]);

    cityTwinLive.handlers['alert:updated']!({ ...raised, status: 'resolved' }, context);
    expect(twin().alerts).toEqual([]);

    cityTwinLive.handlers['alert:created']!({ ...raised, id: 'a2' }, context);
    cityTwinLive.handlers['alert:deleted']!({ id: 'a2', city: 'kolkata' }, context);
    expect(twin().alerts).toEqual([]);
  });

  it('asks for the twin again when the city’s sensor count differs from what it holds', () => {
    const { queryClient, context } = setup();
    const query = () =>
      queryClient.getQueryCache().find({ queryKey: cityTwinQueryKey('kolkata') })!;
    const stats = {
      totalSensors: 2,
      activeSensors: 2,
      alerts: 0,
      criticalAlerts: 0,
      lastUpdate: null,
    };
    cityTwinLive.handlers.stats!({ city: 'kolkata', ...stats }, context);
    expect(query().state.isInvalidated).toBe(false);
    cityTwinLive.handlers.stats!({ city: 'kolkata', ...stats, totalSensors: 3 }, context);
    expect(query().state.isInvalidated).toBe(true);
  });

  it('forgets every twin on sign-out', () => {
    const { queryClient } = setup();
    cityTwinLive.forget!(queryClient);
    expect(queryClient.getQueryData(cityTwinQueryKey('kolkata'))).toBeUndefined();
  });
});
