import type { Alert } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { testAlert } from '../../test/live-fixtures';
import { createTestQueryClient } from '../../test/render';
import { activeAlertsQueryKey, WALL_ALERTS_LIMIT } from './active-alerts-query';
import { placeAlert, wallLive } from './wall.live';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();

const CRITICAL_OLD = testAlert({ id: 'c-old', severity: 'critical', createdAt: at(1) });
const HIGH_NEW = testAlert({ id: 'h-new', severity: 'high', createdAt: at(9) });
const WARNING = testAlert({ id: 'w', severity: 'warning', createdAt: at(5) });

describe('the wall’s active alerts', () => {
  it('put a new alert in its place: critical first, then high, then the rest, newest first within each', () => {
    const list = [CRITICAL_OLD, HIGH_NEW, WARNING];
    const criticalNew = testAlert({ id: 'c-new', severity: 'critical', createdAt: at(8) });
    const info = testAlert({ id: 'i', severity: 'info', createdAt: at(10) });
    expect(placeAlert(list, criticalNew)!.map((a) => a.id)).toEqual([
      'c-new',
      'c-old',
      'h-new',
      'w',
    ]);
    expect(placeAlert(list, info)!.map((a) => a.id)).toEqual(['c-old', 'h-new', 'w', 'i']);
  });

  it('move an escalated alert up, and drop one that is resolved', () => {
    const list = [CRITICAL_OLD, HIGH_NEW, WARNING];
    const escalated = { ...WARNING, severity: 'critical', updatedAt: at(20) } satisfies Alert;
    expect(placeAlert(list, escalated)!.map((a) => a.id)).toEqual(['w', 'c-old', 'h-new']);
    const resolved = { ...HIGH_NEW, status: 'resolved', updatedAt: at(20) } satisfies Alert;
    expect(placeAlert(list, resolved)!.map((a) => a.id)).toEqual(['c-old', 'w']);
  });

  it('drop a shelved alert, and take it back when its shelve ends', () => {
    const list = [CRITICAL_OLD, HIGH_NEW, WARNING];
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const shelved = { ...HIGH_NEW, shelvedUntil: until, updatedAt: at(20) } satisfies Alert;
    const without = placeAlert(list, shelved)!;
    expect(without.map((a) => a.id)).toEqual(['c-old', 'w']);
    const back = { ...HIGH_NEW, shelvedUntil: null, updatedAt: at(30) } satisfies Alert;
    expect(placeAlert(without, back)!.map((a) => a.id)).toEqual(['c-old', 'h-new', 'w']);
  });

  it('ask the server again when a full list loses one, and ignore an older copy', () => {
    const full = Array.from({ length: WALL_ALERTS_LIMIT }, (_, i) =>
      testAlert({ id: `a-${i}`, severity: 'warning', createdAt: at(i % 59) }),
    );
    expect(placeAlert(full, { ...full[3]!, status: 'dismissed', updatedAt: at(59) })).toBeNull();
    const stale = {
      ...CRITICAL_OLD,
      status: 'resolved',
      updatedAt: '2026-11-25T00:00:00.000Z',
    } satisfies Alert;
    expect(placeAlert([{ ...CRITICAL_OLD, updatedAt: at(30) }], stale)!.map((a) => a.id)).toEqual([
      'c-old',
    ]);
  });

  it('follow the live events in the cache', () => {
    const queryClient = createTestQueryClient();
    const key = activeAlertsQueryKey('kolkata');
    queryClient.setQueryData(key, [HIGH_NEW]);
    const context = { queryClient, city: 'kolkata' as const };
    wallLive.handlers['alert:created']!(CRITICAL_OLD, context);
    expect(queryClient.getQueryData<Alert[]>(key)!.map((a) => a.id)).toEqual(['c-old', 'h-new']);
    wallLive.handlers['alert:updated']!(
      { ...CRITICAL_OLD, status: 'resolved', updatedAt: at(30) },
      context,
    );
    expect(queryClient.getQueryData<Alert[]>(key)!.map((a) => a.id)).toEqual(['h-new']);
  });
});
