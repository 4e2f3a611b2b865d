import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeEntry } from './entry-description';

/** Words as keys with their values, so a test sees which text a description chose. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(', ')})` : key) as unknown as TFunction;

const crossed = (payload: Record<string, unknown>) =>
  describeEntry(
    {
      seq: 7,
      type: 'air_quality.crossed',
      at: '2026-11-20T10:00:00.000Z',
      payload: { aqi: 21, location: 'Queens College', ...payload },
      prevHash: '0'.repeat(64),
      hash: '1'.repeat(64),
      signature: 'sig',
    },
    { t, locale: 'en-IN', cityName: (key) => key },
  );

describe('a ledger entry in the reader’s words', () => {
  it('says which air-quality bound was crossed from the facts the entry records', () => {
    expect(crossed({ direction: 'below', bound: 25, crossed: 'below 25' })).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, blockchain.entry.crossedBelow(25))',
    );
    expect(crossed({ direction: 'above', bound: 150, crossed: 'above 150' })).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, blockchain.entry.crossedAbove(150))',
    );
    // An entry recorded before it kept the facts is shown as it was written, never read back.
    expect(crossed({ crossed: 'above 150' })).toBe(
      'blockchain.entry.aqiCrossed(21, Queens College, above 150)',
    );
  });

  it('words an alert’s title from the facts its entry records; an older entry as recorded', () => {
    const entry = (payload: Record<string, unknown>) =>
      describeEntry(
        {
          seq: 8,
          type: 'alert.acknowledged',
          at: '2026-11-20T10:00:00.000Z',
          payload: { city: 'kolkata', by: { role: 'operator', id: 'p-1' }, ...payload },
          prevHash: '0'.repeat(64),
          hash: '1'.repeat(64),
          signature: 'sig',
        },
        { t, locale: 'en-IN', cityName: (key) => `City ${key}` },
      );
    const facts = {
      kind: 'water-turbidity',
      sensorId: 'kgp-water-1',
      sensorName: 'Hijli Water',
      location: 'Hijli',
      sensorType: 'water',
      value: 7.4,
      unit: 'NTU',
      severity: 'high',
      level: 7,
    };
    expect(entry({ title: 'Turbid water at Hijli', facts })).toBe(
      'blockchain.entry.alert(alertText.title.turbidity(Hijli), City kolkata, blockchain.roles.operator(operator), p-1)',
    );
    expect(entry({ title: 'Turbid water at Hijli' })).toBe(
      'blockchain.entry.alert(Turbid water at Hijli, City kolkata, blockchain.roles.operator(operator), p-1)',
    );
  });

  it('says how long an alert was shelved, and why its shelve ended', () => {
    const entry = (type: string, payload: Record<string, unknown>) =>
      describeEntry(
        {
          seq: 8,
          type,
          at: '2026-11-20T10:00:00.000Z',
          payload: { title: 'Pump failure', city: 'kolkata', ...payload },
          prevHash: '0'.repeat(64),
          hash: '1'.repeat(64),
          signature: 'sig',
        },
        { t, locale: 'en-IN', cityName: (key) => `City ${key}` },
      );
    const by = { role: 'operator', id: 'p-abcdefghijkl' };
    expect(entry('alert.shelved', { minutes: 240, by })).toBe(
      'blockchain.entry.alertShelved(Pump failure, City kolkata, 240, blockchain.roles.operator(operator), p-abcdefghijkl)',
    );
    expect(entry('alert.unshelved', { cause: 'manual', by })).toBe(
      'blockchain.entry.alertUnshelved(Pump failure, City kolkata, blockchain.roles.operator(operator), p-abcdefghijkl)',
    );
    expect(entry('alert.unshelved', { cause: 'expired' })).toBe(
      'blockchain.entry.alertShelveExpired(Pump failure, City kolkata)',
    );
    expect(entry('alert.unshelved', { cause: 'worsened' })).toBe(
      'blockchain.entry.alertShelveWorsened(Pump failure, City kolkata)',
    );
  });

  it('says which sensors a maintenance window covers and when, and how it ended', () => {
    const entry = (type: string, payload: Record<string, unknown>) =>
      describeEntry(
        {
          seq: 9,
          type,
          at: '2026-11-20T10:00:00.000Z',
          payload: {
            windowId: 'w-1',
            city: 'kolkata',
            by: { role: 'admin', id: 'p-1' },
            ...payload,
          },
          prevHash: '0'.repeat(64),
          hash: '1'.repeat(64),
          signature: 'sig',
        },
        { t, locale: 'en-IN', cityName: (key) => `City ${key}` },
      );
    const times = { startsAt: '2026-11-20T10:00:00.000Z', endsAt: '2026-11-20T12:30:00.000Z' };
    const admin = 'blockchain.roles.admin(admin), p-1';
    expect(
      entry('maintenance.scheduled', { ...times, sensors: null, sensorType: null, area: null }),
    ).toBe(
      `blockchain.entry.maintenanceScheduled(City kolkata, blockchain.entry.maintenanceEveryone, 20 Nov 2026, 10:00 am UTC, 20 Nov 2026, 12:30 pm UTC, ${admin})`,
    );
    expect(
      entry('maintenance.scheduled', { ...times, sensors: 3, sensorType: 'water', area: 'howrah' }),
    ).toContain(
      'blockchain.entry.maintenanceSensors(3), sensorTypes.water(water), Howrah, 20 Nov 2026',
    );
    expect(entry('maintenance.ended', { ...times, early: true })).toBe(
      `blockchain.entry.maintenanceEnded(City kolkata, ${admin})`,
    );
    expect(entry('maintenance.ended', { ...times, early: false })).toBe(
      `blockchain.entry.maintenanceRemoved(City kolkata, ${admin})`,
    );
  });

  it('tells each step of a citizen’s report: made, assigned, moved on, merged', () => {
    const entry = (type: string, payload: Record<string, unknown>) =>
      describeEntry(
        {
          seq: 11,
          type,
          at: '2026-11-20T10:00:00.000Z',
          payload: {
            reportId: '42',
            city: 'kolkata',
            by: { role: 'operator', id: 'p-2' },
            ...payload,
          },
          prevHash: '0'.repeat(64),
          hash: '1'.repeat(64),
          signature: 'sig',
        },
        { t, locale: 'en-IN', cityName: (key) => `City ${key}` },
      );
    expect(entry('report.created', { step: 'created', status: 'open' })).toBe(
      'blockchain.entry.reportCreated(42, City kolkata, blockchain.roles.operator(operator), p-2)',
    );
    expect(entry('report.changed', { step: 'assigned', department: 'roads' })).toBe(
      'blockchain.entry.reportAssigned(42, blockchain.reportDepartment.roads(roads))',
    );
    expect(entry('report.changed', { step: 'status', status: 'closed' })).toBe(
      'blockchain.entry.reportStatus(42, blockchain.reportStatus.closed(closed))',
    );
    expect(entry('report.changed', { step: 'merged', mergedInto: '41' })).toBe(
      'blockchain.entry.reportMerged(42, 41)',
    );
    expect(entry('report.changed', { step: 'duplicate' })).toBe(
      'blockchain.entry.reportDuplicate(42)',
    );
    expect(entry('report.changed', { step: 'escalated', status: 'open' })).toBe(
      'blockchain.entry.reportEscalated(42)',
    );
  });
});
