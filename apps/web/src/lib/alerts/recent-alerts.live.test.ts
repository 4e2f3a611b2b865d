import { MAX_LIVE_ALERTS } from '@smart-city/shared';
import { describe, expect, it } from 'vitest';
import { testAlert, testAlerts } from '../../test/live-fixtures';
import { insertAlert, replaceAlert } from './recent-alerts.live';

describe('the recent alerts list', () => {
  it('puts a new alert in front and keeps at most 50', () => {
    const full = testAlerts(MAX_LIVE_ALERTS);
    const next = insertAlert(full, testAlert({ id: 'new' }));
    expect(next).toHaveLength(MAX_LIVE_ALERTS);
    expect(next[0]!.id).toBe('new');
    expect(next.at(-1)!.id).toBe(`alert-${MAX_LIVE_ALERTS - 1}`);
  });

  it('replaces an alert it already holds instead of listing it twice', () => {
    const list = [testAlert({ id: 'x', status: 'open' })];
    const again = testAlert({
      id: 'x',
      status: 'acknowledged',
      updatedAt: '2026-11-21T10:05:00.000Z',
    });
    expect(insertAlert(list, again)).toEqual([again]);
  });

  it('never lets an older version of an alert replace a newer one', () => {
    const newer = testAlert({ id: 'x', status: 'resolved', updatedAt: '2026-11-21T10:05:00.000Z' });
    const older = testAlert({ id: 'x', status: 'open', updatedAt: '2026-11-21T10:00:00.000Z' });
    const list = [newer];
    expect(replaceAlert(list, older)).toBe(list);
  });

  it('leaves the list as it is for an alert it does not hold', () => {
    const list = [testAlert({ id: 'x' })];
    expect(replaceAlert(list, testAlert({ id: 'y' }))).toBe(list);
  });
});
