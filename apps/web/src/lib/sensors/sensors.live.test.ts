import type { Sensor, SensorCounts, SensorPage } from '@smart-city/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAlert, testSensor } from '../../test/live-fixtures';
import { sensorClustersQueryKey } from './sensor-clusters-query';
import { sensorCountsQueryKey } from './sensor-counts-query';
import { sensorQueryKey } from './sensor-query';
import { sensorListQueryKey } from './sensors-query';
import type { SensorPages } from './sensors-query';
import { STATUS_REFRESH_MS, sensorsLive } from './sensors.live';

const AT = '2026-11-21T10:00:00.000Z';

function pages(...lists: Sensor[][]): SensorPages {
  return {
    pages: lists.map((items, i): SensorPage => ({
      items,
      nextCursor: i < lists.length - 1 ? `c${i}` : null,
      total: lists.flat().length,
    })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<SensorPages>(
    sensorListQueryKey('kolkata', {}),
    pages(
      [testSensor({ id: 'a', value: 10, lastReading: AT })],
      [testSensor({ id: 'b', value: 20, lastReading: AT })],
    ),
  );
  queryClient.setQueryData<Sensor>(sensorQueryKey('a'), testSensor({ id: 'a', value: 10 }));
  return { queryClient, context: { queryClient, city: 'kolkata' as const } };
}

const list = (client: QueryClient, filter = {}) =>
  client
    .getQueryData<SensorPages>(sensorListQueryKey('kolkata', filter))
    ?.pages.flatMap((p) => p.items);

afterEach(() => vi.useRealTimers());

describe('sensorsLive', () => {
  it('puts the latest reading on every loaded page and the single sensor, never going back in time', () => {
    const { queryClient, context } = setup();
    sensorsLive.handlers.readings!(
      {
        city: 'kolkata',
        readings: [
          { sensorId: 'a', value: 55, unit: '%', timestamp: '2026-11-21T10:00:05.000Z' },
          { sensorId: 'b', value: 1, unit: '%', timestamp: '2026-11-21T09:59:00.000Z' },
        ],
      },
      context,
    );
    expect(list(queryClient)?.map((s) => [s.id, s.value, s.lastReading])).toEqual([
      ['a', 55, '2026-11-21T10:00:05.000Z'],
      ['b', 20, AT],
    ]);
    expect(queryClient.getQueryData<Sensor>(sensorQueryKey('a'))?.value).toBe(55);
  });

  it('leaves the cache untouched by readings of sensors no page holds', () => {
    const { queryClient, context } = setup();
    const key = sensorListQueryKey('kolkata', {});
    const before = queryClient.getQueryData(key);
    const second = (before as SensorPages).pages[1];
    sensorsLive.handlers.readings!(
      {
        city: 'kolkata',
        readings: [
          { sensorId: 'a', value: 11, unit: '%', timestamp: '2026-11-21T10:00:09.000Z' },
          { sensorId: 'elsewhere', value: 1, unit: '%', timestamp: '2026-11-21T10:00:09.000Z' },
        ],
      },
      context,
    );
    const after = queryClient.getQueryData<SensorPages>(key)!;
    expect(after).not.toBe(before);
    // The page without a changed sensor is the same object: its rows do not re-render.
    expect(after.pages[1]).toBe(second);

    sensorsLive.handlers.readings!(
      {
        city: 'kolkata',
        readings: [{ sensorId: 'zz', value: 1, unit: '%', timestamp: '2026-11-21T10:00:09.000Z' }],
      },
      context,
    );
    expect(queryClient.getQueryData(key)).toBe(after);
  });

  it('takes a status change into unfiltered lists, and asks again for counts, marks and status lists', () => {
    vi.useFakeTimers();
    const { queryClient, context } = setup();
    const offlineKey = sensorListQueryKey('kolkata', { status: 'offline' });
    queryClient.setQueryData<SensorPages>(offlineKey, pages([]));
    const countsKey = sensorCountsQueryKey('kolkata', {});
    queryClient.setQueryData<SensorCounts>(countsKey, {
      total: 2,
      byType: { traffic: 2, air_quality: 0, energy: 0, water: 0, waste: 0, population: 0 },
      byStatus: { active: 2, inactive: 0, maintenance: 0, offline: 0, pending: 0 },
    });
    const area = { west: 88, south: 22, east: 89, north: 23 };
    const marksKey = sensorClustersQueryKey('kolkata', {}, 11, area);
    queryClient.setQueryData(marksKey, { zoom: 11, cellPx: 44, total: 2, clusters: [] });

    for (const id of ['a', 'b'])
      sensorsLive.handlers['sensor:updated']!(
        { id, city: 'kolkata', status: 'offline', metadata: { note: 'no signal' } },
        context,
      );
    expect(list(queryClient)?.map((s) => s.status)).toEqual(['offline', 'offline']);
    expect(list(queryClient)?.[1]?.metadata).toEqual({ note: 'no signal' });
    // The offline list cannot be patched exactly (which page would they go on?): it waits for a refetch.
    expect(list(queryClient, { status: 'offline' })).toEqual([]);
    const invalid = () =>
      [offlineKey, countsKey, marksKey].map((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(invalid()).toEqual([false, false, false]);
    // Many changes, one refresh, a second later.
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    expect(invalid()).toEqual([true, true, true]);
    expect(queryClient.getQueryState(sensorListQueryKey('kolkata', {}))?.isInvalidated).toBe(false);
  });

  it('asks for the counts again when the city\u2019s sensor totals move', () => {
    vi.useFakeTimers();
    const { queryClient, context } = setup();
    const countsKey = sensorCountsQueryKey('kolkata', {});
    queryClient.setQueryData<SensorCounts>(countsKey, {
      total: 2,
      byType: { traffic: 2, air_quality: 0, energy: 0, water: 0, waste: 0, population: 0 },
      byStatus: { active: 2, inactive: 0, maintenance: 0, offline: 0, pending: 0 },
    });
    const stats = {
      totalSensors: 2,
      activeSensors: 2,
      alerts: 1,
      criticalAlerts: 0,
      lastUpdate: AT,
    };
    sensorsLive.handlers.stats!({ city: 'kolkata', ...stats }, context);
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    expect(queryClient.getQueryState(countsKey)?.isInvalidated).toBe(false);
    sensorsLive.handlers.stats!({ city: 'kolkata', ...stats, totalSensors: 3 }, context);
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    expect(queryClient.getQueryState(countsKey)?.isInvalidated).toBe(true);
  });

  it('asks for the map marks again, and only them, as alerts are raised and end', () => {
    vi.useFakeTimers();
    const { queryClient, context } = setup();
    const countsKey = sensorCountsQueryKey('kolkata', {});
    queryClient.setQueryData<SensorCounts>(countsKey, {
      total: 2,
      byType: { traffic: 2, air_quality: 0, energy: 0, water: 0, waste: 0, population: 0 },
      byStatus: { active: 2, inactive: 0, maintenance: 0, offline: 0, pending: 0 },
    });
    const area = { west: 88, south: 22, east: 89, north: 23 };
    const marksKey = sensorClustersQueryKey('kolkata', {}, 11, area);
    queryClient.setQueryData(marksKey, { zoom: 11, cellPx: 44, total: 2, clusters: [] });
    sensorsLive.handlers['alert:created']!(testAlert({ id: 'a1' }), context);
    sensorsLive.handlers['alert:updated']!(testAlert({ id: 'a1', status: 'resolved' }), context);
    expect(queryClient.getQueryState(marksKey)?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(STATUS_REFRESH_MS);
    expect(queryClient.getQueryState(marksKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(countsKey)?.isInvalidated).toBe(false);
  });

  it("patches another city's lists when its late events arrive", () => {
    const { queryClient } = setup();
    queryClient.setQueryData<SensorPages>(
      sensorListQueryKey('new-york', {}),
      pages([testSensor({ id: 'ny', city: 'new-york', value: 3 })]),
    );
    sensorsLive.handlers.readings!(
      {
        city: 'new-york',
        readings: [{ sensorId: 'ny', value: 4, unit: '%', timestamp: '2026-11-21T10:00:05.000Z' }],
      },
      { queryClient, city: 'kolkata' },
    );
    expect(
      queryClient.getQueryData<SensorPages>(sensorListQueryKey('new-york', {}))?.pages[0]?.items[0]
        ?.value,
    ).toBe(4);
    expect(list(queryClient)?.map((s) => s.value)).toEqual([10, 20]);
  });
});
