import {
  alertCountsSchema,
  alertHistoryEntrySchema,
  alertListSchema,
  maintenanceWindowListSchema,
  maintenanceWindowSchema,
  sensorSchema,
  type Alert,
  type LedgerEntryView,
  type MaintenanceWindow,
  type SensorType,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getWith, postJson, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const MIN = 60_000;
const historySchema = z.array(alertHistoryEntrySchema);

/** Where the test's sensors stand: the centres of two Kolkata areas far apart, and Kharagpur. */
const PLACES = {
  howrah: { city: 'kolkata', lat: 22.585, lng: 88.335 },
  garia: { city: 'kolkata', lat: 22.465, lng: 88.385 },
  kharagpur: { city: 'kharagpur', lat: 22.342, lng: 87.323 },
} as const;
/** A reading of each type that raises a threshold alert. */
const HIGH: Partial<Record<SensorType, number>> = { air_quality: 210, traffic: 84 };

describe.each(testDatabases())('maintenance windows on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);
  const now = () => clock;
  const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * MIN));
  const at = (minutes: number) => new Date(clock.getTime() + minutes * MIN).toISOString();
  const events = createTestEvents();
  let sensorCount = 0;

  const get = async (path: string, cookie = operator) =>
    (await getWith(app, path, { cookie })).json();
  const list = async (query: string, city = 'kolkata') =>
    alertListSchema.parse(await get(`/api/alerts?city=${city}&limit=500&${query}`));
  const counts = async (query = '') =>
    alertCountsSchema.parse(await get(`/api/alerts/counts?city=kolkata&${query}`));
  const ids = (alerts: Alert[]) => alerts.map((a) => a.id);
  const schedule = (body: unknown, cookie = admin) =>
    postJson(app, '/api/maintenance-windows', body, { cookie });
  const end = (id: string, cookie = admin) =>
    app.request(`/api/maintenance-windows/${id}`, {
      method: 'DELETE',
      headers: { Origin: TEST_ORIGIN, Cookie: cookie },
    });
  /** Schedules a window from a minute ago for an hour (unless the body says otherwise). */
  const window = async (body: Record<string, unknown>): Promise<MaintenanceWindow> => {
    const res = await schedule({
      city: 'kolkata',
      startsAt: at(-1),
      endsAt: at(60),
      reason: 'Calibration',
      ...body,
    });
    expect(res.status).toBe(201);
    return maintenanceWindowSchema.parse(await res.json());
  };

  /** A new sensor of `type` at `place`, heard from once in range. */
  const sensor = async (type: SensorType, place: keyof typeof PLACES): Promise<string> => {
    const id = `mw-${type}-${place}-${++sensorCount}`;
    const { city, lat, lng } = PLACES[place];
    await services.sensors.register([
      { id, name: id, type, city, location: `Test ${place}`, lat, lng },
    ]);
    return id;
  };

  /**
   * Sends a reading out of range at the current clock; returns the sensor's threshold alert and
   * whether it was announced as new.
   */
  const raise = async (sensorId: string, type: SensorType = 'air_quality') => {
    const created: Alert[] = [];
    const off = events.on('alert:created', (a) => created.push(a));
    await services.ingest.ingest([
      { sensorId, value: HIGH[type]!, timestamp: clock.toISOString() },
    ]);
    await services.readingsFold.now();
    off();
    const [alert] = (await services.alerts.list({ q: sensorId, limit: 5 })).filter(
      (a) => a.rule === 'threshold',
    );
    expect(alert).toBeDefined();
    return { alert: alert!, announced: created.some((a) => a.id === alert!.id) };
  };

  const ledgerEntries = async () => {
    await services.ledger.sequence();
    const entries: LedgerEntryView[] = [];
    let after = '0';
    for (;;) {
      const page = (await (
        await app.request(`/api/ledger/entries?after=${after}&limit=500`)
      ).json()) as { items: LedgerEntryView[]; nextCursor: string | null };
      entries.push(...page.items);
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    return entries;
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      events,
      pipelineNow: now,
    }));
  });
  afterAll(() => database?.dispose());

  it('records an alert of a named sensor in a window as suppressed, shown nowhere but its own list', async () => {
    const inside = await sensor('air_quality', 'howrah');
    const outside = await sensor('air_quality', 'howrah');
    const countsBefore = await counts();
    const activeBefore = await counts('status=active');
    const w = await window({ sensorIds: [inside, inside], reason: '  Filter change  ' });
    expect(w).toMatchObject({
      city: 'kolkata',
      sensorIds: [inside],
      type: null,
      area: null,
      startsAt: at(-1),
      endsAt: at(60),
      reason: 'Filter change',
      createdBy: 'Admin User <admin@smartcity.local>',
      active: true,
    });

    const suppressed = await raise(inside);
    expect(suppressed.alert).toMatchObject({ suppressed: true, status: 'open' });
    expect(suppressed.announced).toBe(false);
    const normal = await raise(outside);
    expect(normal.alert.suppressed).toBe(false);
    expect(normal.announced).toBe(true);

    for (const status of ['active', 'open', 'acknowledged', 'shelved', 'resolved', 'ended']) {
      expect(ids(await list(`status=${status}`))).not.toContain(suppressed.alert.id);
    }
    expect(ids(await list('status=active'))).toContain(normal.alert.id);
    expect(ids(await list('status=suppressed'))).toEqual([suppressed.alert.id]);
    expect(ids(await list(''))).toContain(suppressed.alert.id);

    const countsAfter = await counts();
    expect(countsAfter.suppressed).toBe(countsBefore.suppressed + 1);
    expect(countsAfter.byStatus.open).toBe(countsBefore.byStatus.open + 1);
    const severity = normal.alert.severity;
    expect(suppressed.alert.severity).toBe(severity);
    expect((await counts('status=active')).bySeverity[severity]).toBe(
      activeBefore.bySeverity[severity] + 1,
    );
    expect((await counts('status=suppressed')).bySeverity[severity]).toBe(1);
    const twin = await services.alerts.activeOfCity('kolkata');
    expect(twin.map((a) => a.id)).toContain(normal.alert.id);
    expect(twin.map((a) => a.id)).not.toContain(suppressed.alert.id);

    // The sensor says until when it is in maintenance, on its own and in lists.
    expect(sensorSchema.parse(await get(`/api/sensors/${inside}`)).maintenanceUntil).toBe(w.endsAt);
    expect(sensorSchema.parse(await get(`/api/sensors/${outside}`)).maintenanceUntil).toBeNull();
    const page = z
      .object({ items: z.array(sensorSchema) })
      .parse(await get(`/api/sensors?city=kolkata&q=mw-air&limit=50`));
    expect(page.items.find((s) => s.id === inside)?.maintenanceUntil).toBe(w.endsAt);
    expect(page.items.find((s) => s.id === outside)?.maintenanceUntil).toBeNull();

    // Back in range, a suppressed alert still resolves itself.
    for (const minutes of [1, 11]) {
      advance(minutes);
      await services.ingest.ingest([{ sensorId: inside, value: 40, timestamp: at(0) }]);
      await services.readingsFold.now();
    }
    const [resolved] = await list('status=suppressed');
    expect(resolved).toMatchObject({ id: suppressed.alert.id, status: 'resolved' });

    expect((await end(w.id)).status).toBe(204);
    expect(sensorSchema.parse(await get(`/api/sensors/${inside}`)).maintenanceUntil).toBeNull();
  });

  it('covers the sensors of a type, of an area, or the whole city, only while it runs', async () => {
    const airGaria = await sensor('air_quality', 'garia');
    const trafficGaria = await sensor('traffic', 'garia');
    const byType = await window({ type: 'air_quality' });
    expect((await raise(airGaria)).alert.suppressed).toBe(true);
    expect((await raise(trafficGaria, 'traffic')).alert.suppressed).toBe(false);
    expect((await end(byType.id)).status).toBe(204);

    const trafficHowrah = await sensor('traffic', 'howrah');
    const trafficGaria2 = await sensor('traffic', 'garia');
    const byArea = await window({ area: 'howrah' });
    expect((await raise(trafficHowrah, 'traffic')).alert.suppressed).toBe(true);
    expect((await raise(trafficGaria2, 'traffic')).alert.suppressed).toBe(false);
    expect((await end(byArea.id)).status).toBe(204);

    const kolkata = await sensor('air_quality', 'garia');
    const kharagpur = await sensor('air_quality', 'kharagpur');
    const later = await sensor('air_quality', 'howrah');
    const city = await window({ endsAt: at(30) });
    expect((await raise(kolkata)).alert.suppressed).toBe(true);
    expect((await raise(kharagpur)).alert.suppressed).toBe(false);
    // Once it has ended, alerts are raised as usual.
    advance(31);
    expect((await raise(later)).alert.suppressed).toBe(false);
    expect(
      maintenanceWindowListSchema.parse(await get('/api/maintenance-windows?city=kolkata')),
    ).toContainEqual(expect.objectContaining({ id: city.id, active: false }));

    // A window still to come covers nothing yet.
    const upcoming = await sensor('air_quality', 'howrah');
    const soon = await window({ startsAt: at(10), endsAt: at(70) });
    expect(soon.active).toBe(false);
    expect((await raise(upcoming)).alert.suppressed).toBe(false);
    expect((await end(soon.id)).status).toBe(204);
  });

  it('suppresses the offline alert of a silent sensor in a window', async () => {
    const quiet = await sensor('traffic', 'garia');
    const other = await sensor('traffic', 'garia');
    await services.ingest.ingest([
      { sensorId: quiet, value: 20, timestamp: clock.toISOString() },
      { sensorId: other, value: 20, timestamp: clock.toISOString() },
    ]);
    await services.readingsFold.now();
    const w = await window({ sensorIds: [quiet] });
    advance(10);
    const created: Alert[] = [];
    const off = events.on('alert:created', (a) => created.push(a));
    expect((await services.alerts.runChecks()).offline).toBeGreaterThanOrEqual(2);
    off();
    const offline = async (sensorId: string) =>
      (await services.alerts.list({ q: sensorId, limit: 5 })).find((a) => a.rule === 'offline');
    const suppressed = await offline(quiet);
    expect(suppressed?.suppressed).toBe(true);
    expect((await offline(other))?.suppressed).toBe(false);
    expect(created.map((a) => a.sensorId)).toContain(other);
    expect(created.map((a) => a.sensorId)).not.toContain(quiet);
    expect((await end(w.id)).status).toBe(204);
  });

  it('never escalates a suppressed alert', async () => {
    const policy = await postJson(
      app,
      '/api/escalation-policies',
      {
        city: 'kolkata',
        severity: 'critical',
        steps: [{ afterSeconds: 300, action: 'notify', audience: 'operators' }],
      },
      { cookie: admin },
    );
    expect(policy.status).toBe(201);
    const covered = await sensor('air_quality', 'howrah');
    const w = await window({ sensorIds: [covered] });
    await services.ingest.ingest([
      { sensorId: covered, value: 260, timestamp: clock.toISOString() },
    ]);
    await services.readingsFold.now();
    const [alert] = await list(`status=suppressed&q=${covered}`);
    expect(alert).toMatchObject({ severity: 'critical', suppressed: true });
    expect(await get(`/api/alerts/${alert!.id}/escalation`)).toMatchObject({
      next: null,
      reason: 'suppressed',
    });
    advance(10);
    await services.escalation.run();
    const history = historySchema.parse(await get(`/api/alerts/${alert!.id}/history`));
    expect(history.filter((entry) => entry.details?.kind === 'step')).toEqual([]);
    // Not even once the window is over: it was raised inside it.
    expect((await end(w.id)).status).toBe(204);
    advance(10);
    await services.escalation.run();
    const later = historySchema.parse(await get(`/api/alerts/${alert!.id}/history`));
    expect(later.filter((entry) => entry.details?.kind === 'step')).toEqual([]);
  });

  it('shows an alert once its window is over and the sensor is still out of range', async () => {
    const still = await sensor('air_quality', 'howrah');
    const w = await window({ sensorIds: [still], endsAt: at(20) });
    const { alert, announced } = await raise(still);
    expect(alert.suppressed).toBe(true);
    expect(announced).toBe(false);
    // While the window runs the checks leave it be.
    advance(5);
    await services.alerts.runChecks();
    expect((await services.alerts.list({ q: still, limit: 5 }))[0]?.suppressed).toBe(true);

    const activeBefore = await counts('status=active');
    advance(16);
    const created: Alert[] = [];
    const off = events.on('alert:created', (a) => created.push(a));
    await services.alerts.runChecks();
    off();
    const shown = (await list('status=active')).find((a) => a.id === alert.id);
    expect(shown).toMatchObject({ suppressed: false, status: 'open' });
    expect(created.map((a) => a.id)).toContain(alert.id);
    const activeAfter = await counts('status=active');
    expect(activeAfter.bySeverity[alert.severity]).toBe(
      activeBefore.bySeverity[alert.severity] + 1,
    );
    const history = (await get(`/api/alerts/${alert.id}/history`)) as { action: string }[];
    expect(history.map((h) => h.action)).toContain('maintenance-ended');
    expect(
      maintenanceWindowListSchema.parse(await get('/api/maintenance-windows?city=kolkata')),
    ).toContainEqual(expect.objectContaining({ id: w.id, active: false }));
  });

  it('lists current and upcoming windows first, then those ended in the last week', async () => {
    const current = await window({ startsAt: at(-10), endsAt: at(20) });
    const upcoming = await window({ startsAt: at(5), endsAt: at(30) });
    const ended = await window({ startsAt: at(-1), endsAt: at(1) });
    advance(2);
    const listed = maintenanceWindowListSchema.parse(
      await get('/api/maintenance-windows?city=kolkata'),
    );
    const order = listed
      .map((w) => w.id)
      .filter((id) => [current.id, upcoming.id, ended.id].includes(id));
    expect(order).toEqual([current.id, upcoming.id, ended.id]);
    expect(listed.find((w) => w.id === upcoming.id)?.active).toBe(false);
    expect(listed.find((w) => w.id === current.id)?.active).toBe(true);
    // Other cities' windows are theirs; a week after its end a window leaves the list.
    expect(
      maintenanceWindowListSchema.parse(await get('/api/maintenance-windows?city=kharagpur')),
    ).toEqual([]);
    advance(8 * 24 * 60);
    const afterWeek = maintenanceWindowListSchema.parse(
      await get('/api/maintenance-windows?city=kolkata'),
    );
    expect(afterWeek.map((w) => w.id)).not.toContain(ended.id);
    for (const w of [current, upcoming, ended]) await end(w.id);
  });

  it('refuses bad bodies with 400 in the one error shape', async () => {
    const known = await sensor('air_quality', 'howrah');
    const base = { city: 'kolkata', startsAt: at(-1), endsAt: at(60), reason: 'Works' };
    const refused = async (body: unknown, path: string) => {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as {
        error: { code: string; message: string; details: { path: string; message: string }[] };
      };
      expect(error.error.code).toBe('invalid_input');
      expect(error.error.details.map((d) => d.path)).toContain(path);
      return error.error;
    };
    await refused({ ...base, endsAt: base.startsAt }, 'endsAt');
    await refused({ ...base, startsAt: at(-120), endsAt: at(-60) }, 'endsAt');
    await refused({ ...base, endsAt: at(30 * 24 * 60 + 1) }, 'endsAt');
    await refused({ ...base, reason: '   ' }, 'reason');
    await refused({ ...base, reason: 'x'.repeat(501) }, 'reason');
    await refused({ ...base, sensorIds: [] }, 'sensorIds');
    await refused({ ...base, area: 'midtown' }, 'area');
    await refused({ ...base, area: 'nowhere' }, 'area');
    await refused({ ...base, type: 'weather' }, 'type');
    await refused({ ...base, city: 'atlantis' }, 'city');
    await refused({ ...base, startsAt: 'tomorrow' }, 'startsAt');
    const unknown = await refused(
      { ...base, sensorIds: [known, 'no-such-sensor', 'kharagpur-air-quality-iit-campus'] },
      'sensorIds',
    );
    expect(unknown.message).toContain('no-such-sensor');
    expect(unknown.message).toContain('kharagpur-air-quality-iit-campus');
    expect(unknown.message).not.toContain(known);
    expect((await getWith(app, '/api/maintenance-windows', { cookie: operator })).status).toBe(400);
  });

  it('lets admins schedule and end windows, operators read them, and no one else', async () => {
    const body = { city: 'kolkata', startsAt: at(-1), endsAt: at(60), reason: 'Works' };
    expect((await schedule(body, operator)).status).toBe(403);
    expect((await schedule(body, citizen)).status).toBe(403);
    expect((await schedule(body, '')).status).toBe(401);
    expect(
      (await getWith(app, '/api/maintenance-windows?city=kolkata', { cookie: citizen })).status,
    ).toBe(403);
    expect(
      (await getWith(app, '/api/maintenance-windows?city=kolkata', { cookie: '' })).status,
    ).toBe(401);
    const w = await window({});
    expect((await end(w.id, operator)).status).toBe(403);
    expect((await end(w.id, '')).status).toBe(401);
    expect((await end(w.id)).status).toBe(204);
    const again = await end(w.id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('puts scheduling and ending a window on the public record, without the reason or the name', async () => {
    const w = await window({ type: 'traffic', reason: 'Asha Roy replaces cables' });
    expect((await end(w.id)).status).toBe(204);
    const entries = (await ledgerEntries()).filter((e) => e.payload.windowId === w.id);
    expect(entries.map((e) => e.type)).toEqual(['maintenance.scheduled', 'maintenance.ended']);
    expect(entries[0]!.payload).toMatchObject({
      city: 'kolkata',
      sensorType: 'traffic',
      startsAt: w.startsAt,
      endsAt: w.endsAt,
      by: { role: 'admin' },
    });
    expect(entries[1]!.payload).toMatchObject({ early: true, by: { role: 'admin' } });
    expect(JSON.stringify(entries)).not.toContain('Asha');
    expect(JSON.stringify(entries)).not.toContain('Admin User');
  });
});
