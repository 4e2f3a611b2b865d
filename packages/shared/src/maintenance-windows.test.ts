import { describe, expect, it } from 'vitest';
import { alertSchema } from './alerts';
import { createMaintenanceWindowSchema, maintenanceWindowState } from './maintenance-windows';
import { sensorSchema } from './sensors';

const base = {
  city: 'kolkata',
  startsAt: '2026-03-02T10:00:00Z',
  endsAt: '2026-03-02T12:00:00Z',
  reason: '  Bridge works  ',
};
const issues = (body: unknown) =>
  createMaintenanceWindowSchema
    .safeParse(body)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('maintenance window bodies', () => {
  it('takes a whole-city window and trims the reason', () => {
    expect(createMaintenanceWindowSchema.parse(base)).toEqual({ ...base, reason: 'Bridge works' });
  });

  it('takes sensors, a type and an area of the city together', () => {
    const body = { ...base, sensorIds: ['a'], type: 'air_quality', area: 'howrah' };
    expect(issues(body)).toEqual([]);
  });

  it('refuses an end not after the start, and a window longer than 30 days', () => {
    expect(issues({ ...base, endsAt: base.startsAt })).toEqual(['endsAt: must be after startsAt']);
    expect(issues({ ...base, endsAt: '2026-04-01T10:00:01Z' })).toEqual([
      'endsAt: must be at most 30 days after startsAt',
    ]);
    expect(issues({ ...base, endsAt: '2026-04-01T10:00:00Z' })).toEqual([]);
  });

  it('refuses an area of another city, a blank reason and an empty or oversized sensor list', () => {
    expect(issues({ ...base, area: 'midtown' })).toEqual(['area: is not an area of kolkata']);
    expect(issues({ ...base, reason: '   ' })).toEqual(['reason: must not be blank']);
    expect(issues({ ...base, reason: 'x'.repeat(501) })).toHaveLength(1);
    expect(issues({ ...base, sensorIds: [] })).toHaveLength(1);
    expect(issues({ ...base, sensorIds: Array.from({ length: 1001 }, (_, i) => `s${i}`) })).toEqual(
      ['sensorIds: must name at most 1000 sensors'],
    );
    expect(issues({ ...base, extra: 1 })).toHaveLength(1);
  });

  it('says whether a window is upcoming, current or ended', () => {
    const at = (iso: string) => maintenanceWindowState(base, Date.parse(iso));
    expect(at('2026-03-02T09:59:59Z')).toBe('upcoming');
    expect(at('2026-03-02T10:00:00Z')).toBe('current');
    expect(at('2026-03-02T12:00:00Z')).toBe('ended');
  });
});

describe('older shapes', () => {
  it('read an alert without suppressed as not suppressed, a sensor without maintenanceUntil as none', () => {
    const alert = alertSchema.parse({
      id: 'a',
      title: 't',
      message: 'm',
      severity: 'high',
      status: 'open',
      sensorId: 's',
      city: 'kolkata',
      location: 'l',
      rule: 'threshold',
      value: 1,
      createdAt: base.startsAt,
      updatedAt: base.startsAt,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      note: null,
    });
    expect(alert.suppressed).toBe(false);
    const sensor = sensorSchema.parse({
      id: 's',
      name: 'n',
      type: 'air_quality',
      city: 'kolkata',
      location: 'l',
      lat: 1,
      lng: 2,
      status: 'active',
      unit: 'AQI',
      value: null,
      lastReading: null,
      metadata: {},
    });
    expect(sensor.maintenanceUntil).toBeNull();
  });
});
