import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  alertCountsSchema,
  alertListSchema,
  sensorListSchema,
  type Alert,
  type AlertCounts,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');

/** Values that put a traffic (congestion %) or waste (fill %) sensor at each severity. */
const TRAFFIC = { warning: 72, high: 85, critical: 96 };
const WASTE = { warning: 80, high: 92, critical: 99 };

describe.each(testDatabases())('alert counts on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);

  const get = async (path: string, cookie = citizen) => {
    const res = await app.request(path, { headers: { Cookie: cookie } });
    return { status: res.status, body: await res.json() };
  };
  const counts = async (query: string): Promise<AlertCounts> => {
    const res = await get(`/api/alerts/counts?${query}`);
    expect(res.status).toBe(200);
    return alertCountsSchema.parse(res.body);
  };
  const list = async (query: string): Promise<Alert[]> => {
    const res = await get(`/api/alerts?${query}&limit=500`);
    expect(res.status).toBe(200);
    return alertListSchema.parse(res.body);
  };
  const sensorsOf = async (city: string, type: string) =>
    sensorListSchema.parse((await get(`/api/sensors?city=${city}&type=${type}`)).body);
  const act = async (id: string, action: string) => {
    const res = await postJson(app, `/api/alerts/${id}/${action}`, {}, { cookie: operator });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    database = await create();
    ({ app, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      pipelineNow: () => clock,
    }));
    // Every traffic and waste sensor of Kolkata and Kharagpur crosses a different threshold.
    const severities = ['warning', 'high', 'critical'] as const;
    const readings: { sensorId: string; value: number; timestamp: string }[] = [];
    let n = 0;
    for (const city of ['kolkata', 'kharagpur']) {
      for (const [type, values] of [
        ['traffic', TRAFFIC],
        ['waste', WASTE],
      ] as const) {
        for (const sensor of await sensorsOf(city, type)) {
          const severity = severities[n % severities.length]!;
          n += 1;
          readings.push({
            sensorId: sensor.id,
            value: values[severity],
            timestamp: new Date(T0 + n * 1000).toISOString(),
          });
        }
      }
    }
    clock = new Date(T0 + (n + 1) * 1000);
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);

    // Move some Kolkata alerts on, so that every status has members.
    const kolkata = await list('city=kolkata');
    expect(kolkata.length).toBeGreaterThanOrEqual(4);
    await act(kolkata[0]!.id, 'acknowledge');
    await act(kolkata[1]!.id, 'acknowledge');
    await act(kolkata[1]!.id, 'resolve');
    await act(kolkata[2]!.id, 'dismiss');
  });
  afterAll(() => database?.dispose());

  it('counts every alert of the city per severity and per status', async () => {
    const all = await list('city=kolkata');
    const result = await counts('city=kolkata');
    for (const severity of ALERT_SEVERITIES) {
      expect(result.bySeverity[severity]).toBe(all.filter((a) => a.severity === severity).length);
    }
    for (const status of ALERT_STATUSES) {
      expect(result.byStatus[status]).toBe(all.filter((a) => a.status === status).length);
    }
    expect(result.byStatus).toMatchObject({ acknowledged: 1, resolved: 1, dismissed: 1 });
    expect(result.bySeverity.critical).toBeGreaterThan(0);
  });

  it('lists the open and the acknowledged alerts together for status=active, newest first', async () => {
    const all = await list('city=kolkata');
    const active = await list('city=kolkata&status=active');
    expect(active.map((a) => a.id)).toEqual(
      all.filter((a) => a.status === 'open' || a.status === 'acknowledged').map((a) => a.id),
    );
    expect(active.some((a) => a.status === 'acknowledged')).toBe(true);
    expect(active.some((a) => a.status === 'open')).toBe(true);
  });

  it('gives for every filter the number of alerts that selecting it lists', async () => {
    const statusFilters = [undefined, 'active', ...ALERT_STATUSES] as const;
    const severityFilters = [undefined, ...ALERT_SEVERITIES] as const;
    const listed = async (status: string | undefined, severity: string | undefined) => {
      const bySeverity = severity ? `&severity=${severity}` : '';
      if (status === 'active') {
        return (
          (await list(`city=kolkata&status=open${bySeverity}`)).length +
          (await list(`city=kolkata&status=acknowledged${bySeverity}`)).length
        );
      }
      return (await list(`city=kolkata${status ? `&status=${status}` : ''}${bySeverity}`)).length;
    };
    for (const status of statusFilters) {
      const result = await counts(`city=kolkata${status ? `&status=${status}` : ''}`);
      for (const severity of ALERT_SEVERITIES) {
        expect(result.bySeverity[severity], `${status} ${severity}`).toBe(
          await listed(status, severity),
        );
      }
    }
    for (const severity of severityFilters) {
      const result = await counts(`city=kolkata${severity ? `&severity=${severity}` : ''}`);
      for (const status of ALERT_STATUSES) {
        expect(result.byStatus[status], `${severity} ${status}`).toBe(
          await listed(status, severity),
        );
      }
    }
  });

  it('counts beyond the length of a list page', async () => {
    const result = await counts('city=kolkata');
    const total = ALERT_STATUSES.reduce((sum, status) => sum + result.byStatus[status], 0);
    expect(total).toBeGreaterThan(2);
    const page = alertListSchema.parse((await get('/api/alerts?city=kolkata&limit=2')).body);
    expect(page).toHaveLength(2);
  });

  it('narrows by the same text search as the list, and by city', async () => {
    const waste = await list('city=kolkata&q=bin%20FILL');
    expect(waste.length).toBeGreaterThan(0);
    const result = await counts('city=kolkata&q=bin%20FILL');
    expect(Object.values(result.bySeverity).reduce((a, b) => a + b, 0)).toBe(waste.length);

    const place = (await list('city=kharagpur'))[0]!.location!;
    const atPlace = await list(`city=kharagpur&q=${encodeURIComponent(place.toLowerCase())}`);
    const placeCounts = await counts(`city=kharagpur&q=${encodeURIComponent(place)}`);
    expect(Object.values(placeCounts.byStatus).reduce((a, b) => a + b, 0)).toBe(atPlace.length);

    const nothing = await counts('city=new-york');
    expect(nothing).toEqual({
      bySeverity: { critical: 0, high: 0, warning: 0, info: 0 },
      byStatus: { open: 0, acknowledged: 0, resolved: 0, dismissed: 0 },
      shelved: 0,
      suppressed: 0,
    });
    // LIKE's own wildcards are matched literally, as the list does: messages hold "%", none "_".
    const percent = await counts('city=kolkata&q=%25');
    expect(Object.values(percent.byStatus).reduce((a, b) => a + b, 0)).toBe(
      (await list('city=kolkata&q=%25')).length,
    );
    expect(await counts('city=kolkata&q=_')).toMatchObject({
      bySeverity: { critical: 0, high: 0, warning: 0 },
    });
  });

  it('refuses an unknown filter and callers who are not signed in', async () => {
    expect((await get('/api/alerts/counts?status=closed')).status).toBe(400);
    expect((await get('/api/alerts/counts?severity=urgent')).status).toBe(400);
    const anonymous = await app.request('/api/alerts/counts');
    expect(anonymous.status).toBe(401);
  });
});
