import {
  alertCountsSchema,
  alertHistoryEntrySchema,
  alertListSchema,
  alertSchema,
  statsSchema,
  type Alert,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

describe.each(testDatabases())('alert rules and transitions on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let admin: string;
  let operator: string;
  let citizen: string;
  let clock = new Date(T0);
  const now = () => clock;
  const events = createTestEvents();

  /** Sends readings as a device whose clock agrees with the server's: the clock follows them. */
  const ingest = async (
    readings: { sensorId: string; value: number; timestamp: string; metadata?: object }[],
  ) => {
    for (const r of readings)
      if (Date.parse(r.timestamp) > clock.getTime()) clock = new Date(r.timestamp);
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);
    // The sensors' latest values (and so the offline check) follow with the fold.
    await services.readingsFold.now();
    return res;
  };
  const get = async (path: string, cookie = operator) =>
    (await app.request(path, { headers: { Cookie: cookie } })).json();
  const alertsOf = async (sensorId: string) =>
    alertListSchema.parse(await get(`/api/alerts?q=${sensorId}&limit=500`));
  const act = (id: string, action: string, cookie: string, note?: string) =>
    postJson(app, `/api/alerts/${id}/${action}`, note === undefined ? {} : { note }, { cookie });

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

  it('raises one alert when a sensor crosses a threshold and escalates it in place', async () => {
    const sensor = 'kolkata-traffic-howrah-bridge';
    clock = new Date(T0);
    expect((await ingest([{ sensorId: sensor, value: 50, timestamp: at(0) }])).status).toBe(202);
    expect(await alertsOf(sensor)).toEqual([]);

    await ingest([{ sensorId: sensor, value: 84, timestamp: at(1) }]);
    const [raised, ...others] = await alertsOf(sensor);
    expect(others).toEqual([]);
    expect(raised).toMatchObject({
      title: 'High traffic congestion at Howrah Bridge',
      message: 'Congestion 84 % (high ≥ 80 %)',
      severity: 'high',
      status: 'open',
      city: 'kolkata',
      location: 'Howrah Bridge',
      rule: 'threshold',
      value: 84,
    });
    // The facts the words are made from, for every reader in their own language.
    expect(raised!.facts).toEqual({
      kind: 'threshold',
      sensorId: sensor,
      sensorName: expect.any(String),
      location: 'Howrah Bridge',
      sensorType: 'traffic',
      value: 84,
      unit: '%',
      severity: 'high',
      level: 80,
    });
    const raisedHistory = alertHistoryEntrySchema
      .array()
      .parse(await get(`/api/alerts/${raised!.id}/history`));
    expect(raisedHistory[0]?.details).toEqual({ kind: 'facts', facts: raised!.facts });

    await ingest([{ sensorId: sensor, value: 82, timestamp: at(2) }]);
    await ingest([{ sensorId: sensor, value: 93, timestamp: at(3) }]);
    const after = await alertsOf(sensor);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: raised!.id,
      severity: 'critical',
      message: 'Congestion 93 % (critical ≥ 90 %)',
      value: 93,
    });
    expect(after[0]!.facts).toMatchObject({ value: 93, severity: 'critical', level: 90 });
    // A milder reading updates the value but never lowers the severity, and the message keeps
    // naming the peak that set it.
    await ingest([{ sensorId: sensor, value: 75, timestamp: at(4) }]);
    expect((await alertsOf(sensor))[0]).toMatchObject({
      severity: 'critical',
      message: 'Congestion 93 % (critical ≥ 90 %)',
      value: 75,
    });
  });

  it('escalated by a batch whose last reading is milder, names the peak under the new severity', async () => {
    const sensor = 'kolkata-traffic-sealdah-station';
    clock = new Date(T0);
    await ingest([{ sensorId: sensor, value: 84, timestamp: at(0) }]);
    expect((await alertsOf(sensor))[0]).toMatchObject({ severity: 'high' });
    await ingest([
      { sensorId: sensor, value: 96, timestamp: at(1) },
      { sensorId: sensor, value: 85, timestamp: at(2) },
    ]);
    expect((await alertsOf(sensor))[0]).toMatchObject({
      severity: 'critical',
      message: 'Congestion 96 % (critical ≥ 90 %)',
      value: 85,
    });
  });

  it('raised by a batch whose last reading is milder, names the peak that set the severity', async () => {
    const sensor = 'kolkata-air-quality-park-street';
    clock = new Date(T0);
    await ingest([
      { sensorId: sensor, value: 212, timestamp: at(0) },
      { sensorId: sensor, value: 165, timestamp: at(1) },
    ]);
    expect((await alertsOf(sensor))[0]).toMatchObject({
      severity: 'critical',
      message: 'AQI 212 (critical ≥ 200)',
      value: 165,
      severitySince: null,
    });
  });

  it('escalated in place, says which update did it and words its message for the new severity', async () => {
    const sensor = 'kolkata-air-quality-gariahat';
    clock = new Date(T0 + 20 * MIN);
    await ingest([{ sensorId: sensor, value: 127, timestamp: at(20) }]);
    const [raised] = await alertsOf(sensor);
    expect(raised).toMatchObject({ severity: 'warning', message: 'AQI 127 (warning ≥ 100)' });
    const seen: Alert[] = [];
    const off = events.on('alert:updated', (alert) => seen.push(alert));
    try {
      await ingest([{ sensorId: sensor, value: 165, timestamp: at(21) }]);
      await ingest([{ sensorId: sensor, value: 206, timestamp: at(22) }]);
      await ingest([{ sensorId: sensor, value: 180, timestamp: at(23) }]);
    } finally {
      off();
    }
    const [high, critical, calmer] = seen.filter((a) => a.id === raised!.id);
    expect(high).toMatchObject({ severity: 'high', message: 'AQI 165 (high ≥ 150)' });
    expect(high!.severitySince).toBe(high!.updatedAt);
    expect(critical).toMatchObject({ severity: 'critical', message: 'AQI 206 (critical ≥ 200)' });
    expect(critical!.severitySince).toBe(critical!.updatedAt);
    // A milder reading moves the value only: the update says nothing of an escalation.
    expect(calmer).toMatchObject({
      severity: 'critical',
      message: 'AQI 206 (critical ≥ 200)',
      value: 180,
      severitySince: critical!.severitySince,
    });
    expect(calmer!.updatedAt).not.toBe(calmer!.severitySince);
  });

  it('resolves itself after ten minutes back in range, as the system', async () => {
    const sensor = 'kolkata-waste-park-street';
    await ingest([{ sensorId: sensor, value: 92, timestamp: at(0) }]);
    const [alert] = await alertsOf(sensor);
    expect(alert).toMatchObject({ severity: 'high', message: 'Bin fill 92 % (high ≥ 90 %)' });
    await ingest([{ sensorId: sensor, value: 40, timestamp: at(1) }]);
    await ingest([{ sensorId: sensor, value: 41, timestamp: at(6) }]);
    expect((await alertsOf(sensor))[0]!.status).toBe('open');
    await ingest([{ sensorId: sensor, value: 42, timestamp: at(11) }]);
    expect((await alertsOf(sensor))[0]).toMatchObject({ status: 'resolved', resolvedBy: 'system' });
    const history = (await get(`/api/alerts/${alert!.id}/history`)) as { action: string }[];
    expect(history.map((h) => h.action)).toEqual(['raised', 'auto-resolve']);
  });

  it('shows an alert stored before alerts kept facts with its title and message as written', async () => {
    const sensor = 'kolkata-waste-salt-lake-sector-v';
    await ingest([{ sensorId: sensor, value: 95, timestamp: at(0) }]);
    const [alert] = await alertsOf(sensor);
    expect(alert!.facts).not.toBeNull();
    await database.db
      .updateTable('alerts')
      .set({ facts: null, title: 'Bin overflowing', message: 'Sent by hand' })
      .where('id', '=', alert!.id)
      .execute();
    expect(alertSchema.parse(await get(`/api/alerts/${alert!.id}`))).toMatchObject({
      facts: null,
      title: 'Bin overflowing',
      message: 'Sent by hand',
    });
  });

  it('auto-resolves on the periodic check when no reading follows', async () => {
    const sensor = 'kolkata-air-quality-gariahat';
    clock = new Date(T0);
    await ingest([
      { sensorId: sensor, value: 210, timestamp: at(0) },
      { sensorId: sensor, value: 60, timestamp: at(1) },
    ]);
    clock = new Date(T0 + 5 * MIN);
    await services.alerts.runChecks();
    expect((await alertsOf(sensor))[0]).toMatchObject({ severity: 'critical', status: 'open' });
    clock = new Date(T0 + 11 * MIN);
    await services.alerts.runChecks();
    const threshold = (await alertsOf(sensor)).find((a) => a.rule === 'threshold');
    expect(threshold).toMatchObject({ status: 'resolved', resolvedBy: 'system' });
  });

  it('judges energy against rated load and water by pH and turbidity', async () => {
    await ingest([
      // Dum Dum's feeder is rated 14 MW: 13.44 MW is 96 % of it.
      { sensorId: 'kolkata-energy-dum-dum', value: 13.44, timestamp: at(0) },
      {
        sensorId: 'kolkata-water-esplanade',
        value: 120,
        timestamp: at(0),
        metadata: { ph: 9.1, turbidity: 7.5 },
      },
    ]);
    const energy = await alertsOf('kolkata-energy-dum-dum');
    expect(energy[0]).toMatchObject({
      severity: 'high',
      message: 'Load 13.4 MW is 96 % of rated 14 MW (high ≥ 95 %)',
    });
    const water = await alertsOf('kolkata-water-esplanade');
    expect(water.map((a) => [a.rule, a.severity]).sort()).toEqual([
      ['water-ph', 'warning'],
      ['water-turbidity', 'high'],
    ]);
    expect(energy[0]!.facts).toMatchObject({
      kind: 'energy',
      value: 13.4,
      unit: 'MW',
      percent: 96,
      ratedMw: 14,
      level: 95,
    });
    expect(water.map((a) => a.facts).sort((a, b) => a!.kind.localeCompare(b!.kind))).toEqual([
      expect.objectContaining({ kind: 'water-ph', value: 9.1, unit: 'pH', low: 6.5, high: 8.5 }),
      expect.objectContaining({ kind: 'water-turbidity', value: 7.5, unit: 'NTU', level: 7 }),
    ]);
  });

  it('marks a silent sensor offline with a warning, and brings it back with its next reading', async () => {
    const sensor = 'kharagpur-traffic-nh16-crossing';
    clock = new Date(T0);
    await ingest([{ sensorId: sensor, value: 30, timestamp: at(0) }]);
    const updates: unknown[] = [];
    const off = events.on('sensor:updated', (e) => updates.push(e));
    clock = new Date(T0 + 4 * MIN);
    await services.alerts.runChecks();
    expect((await alertsOf(sensor)).filter((a) => a.rule === 'offline')).toEqual([]);
    clock = new Date(T0 + 6 * MIN);
    await services.alerts.runChecks();
    const [offline] = (await alertsOf(sensor)).filter((a) => a.rule === 'offline');
    expect(offline).toMatchObject({
      severity: 'warning',
      status: 'open',
      title: 'Sensor offline at NH16 Crossing',
    });
    expect(offline!.facts).toMatchObject({
      kind: 'offline',
      sensorId: sensor,
      sensorType: 'traffic',
      location: 'NH16 Crossing',
      since: at(0),
    });
    expect(await get(`/api/sensors/${sensor}`)).toMatchObject({ status: 'offline' });
    expect(updates).toContainEqual(expect.objectContaining({ id: sensor, status: 'offline' }));

    // A silent device is the operators' to fix: a resident's lists, counts and links leave it out.
    const citizenList = alertListSchema.parse(
      await get(`/api/alerts?q=${sensor}&limit=500`, citizen),
    );
    expect(citizenList.some((a) => a.rule === 'offline')).toBe(false);
    const counts = async (cookie: string) =>
      alertCountsSchema.parse(await get(`/api/alerts/counts?q=${sensor}`, cookie)).byStatus.open;
    expect((await counts(operator)) - (await counts(citizen))).toBe(1);
    for (const path of [`/api/alerts/${offline!.id}`, `/api/alerts/${offline!.id}/history`]) {
      const res = await app.request(path, { headers: { Cookie: citizen } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }

    await ingest([{ sensorId: sensor, value: 31, timestamp: at(7) }]);
    expect(await get(`/api/sensors/${sensor}`)).toMatchObject({ status: 'active' });
    const after = (await alertsOf(sensor)).find((a) => a.id === offline!.id);
    expect(after).toMatchObject({ status: 'resolved', resolvedBy: 'system' });
    expect(updates).toContainEqual(expect.objectContaining({ id: sensor, status: 'active' }));
    off();
  });

  it('raises nothing for a sensor in maintenance, and rules apply again once it returns', async () => {
    const sensors = (await get('/api/sensors?city=kharagpur&type=traffic')) as { id: string }[];
    const sensor = sensors[0]!.id;
    const setStatus = async (status: string) => {
      const res = await app.request(`/api/sensors/${sensor}`, {
        method: 'PATCH',
        headers: {
          Cookie: operator,
          Origin: 'http://localhost:3000',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ status }),
      });
      expect(res.status).toBe(200);
    };
    clock = new Date(T0 + 60 * MIN);
    await setStatus('maintenance');
    await ingest([{ sensorId: sensor, value: 97, timestamp: at(61) }]);
    expect(await alertsOf(sensor)).toEqual([]);
    const stored = (await get(`/api/sensors/${sensor}`)) as { value: number; status: string };
    expect(stored).toMatchObject({ value: 97, status: 'maintenance' });

    await setStatus('active');
    await ingest([{ sensorId: sensor, value: 97, timestamp: at(62) }]);
    expect(await alertsOf(sensor)).toMatchObject([{ severity: 'critical', status: 'open' }]);
  });

  it('lets operators acknowledge then resolve, refuses citizens and illegal moves, and keeps history', async () => {
    const sensor = 'new-york-waste-times-square';
    await ingest([{ sensorId: sensor, value: 99, timestamp: at(0) }]);
    const [alert] = await alertsOf(sensor);

    const forbidden = await act(alert!.id, 'acknowledge', citizen);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'This action requires the operator or admin role',
        requestId: expect.any(String),
      },
    });

    const ack = await act(alert!.id, 'acknowledge', operator, 'crew on the way');
    expect(ack.status).toBe(200);
    expect(alertSchema.parse(await ack.json())).toMatchObject({
      status: 'acknowledged',
      acknowledgedBy: 'System Operator <operator@smartcity.local>',
      note: 'crew on the way',
    });

    const again = await act(alert!.id, 'acknowledge', operator);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: {
        code: 'conflict',
        message: 'This alert is acknowledged and cannot be acknowledged; only open alerts can.',
      },
    });

    expect((await act(alert!.id, 'resolve', admin, 'emptied')).status).toBe(200);
    expect((await act(alert!.id, 'dismiss', admin)).status).toBe(409);
    expect((await act('no-such-alert', 'resolve', admin)).status).toBe(404);

    const history = (await get(`/api/alerts/${alert!.id}/history`, citizen)) as {
      action: string;
      actor: string;
      note: string | null;
      toStatus: string;
    }[];
    expect(history.map((h) => [h.action, h.toStatus, h.actor, h.note])).toEqual([
      ['raised', 'open', 'system', 'Bin fill 99 % (critical ≥ 98 %)'],
      [
        'acknowledge',
        'acknowledged',
        'System Operator <operator@smartcity.local>',
        'crew on the way',
      ],
      ['resolve', 'resolved', 'Admin User <admin@smartcity.local>', 'emptied'],
    ]);
  });

  it('filters the list by city, status, severity and text, newest first', async () => {
    const all = alertListSchema.parse(await get('/api/alerts?limit=500', citizen));
    expect(all.length).toBeGreaterThan(3);
    const created = all.map((a: Alert) => a.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const ny = alertListSchema.parse(await get('/api/alerts?city=new-york'));
    expect(ny.length).toBeGreaterThan(0);
    expect(ny.every((a) => a.city === 'new-york')).toBe(true);
    const resolved = alertListSchema.parse(await get('/api/alerts?status=resolved&limit=2'));
    expect(resolved).toHaveLength(2);
    expect(resolved.every((a) => a.status === 'resolved')).toBe(true);
    const byPlace = alertListSchema.parse(await get('/api/alerts?q=howrah%20BRIDGE'));
    expect(byPlace.length).toBeGreaterThan(0);
    expect(byPlace.every((a) => a.location === 'Howrah Bridge')).toBe(true);
    expect(
      (await app.request('/api/alerts?severity=loud', { headers: { Cookie: operator } })).status,
    ).toBe(400);
    expect((await app.request('/api/alerts')).status).toBe(401);
  });

  it("filters the list by the type of the alert's sensor, as a city service's status asks", async () => {
    const sensors = (await get('/api/sensors')) as { id: string; type: string }[];
    const typeOf = new Map(sensors.map((sensor) => [sensor.id, sensor.type]));
    const all = alertListSchema.parse(await get('/api/alerts?limit=500'));
    const types = new Set(all.map((a) => typeOf.get(a.sensorId ?? '')).filter(Boolean));
    expect(types.size).toBeGreaterThan(1);
    for (const type of types) {
      const ofType = alertListSchema.parse(await get(`/api/alerts?type=${type}&limit=500`));
      expect(ofType.length).toBeGreaterThan(0);
      expect(ofType.every((a) => typeOf.get(a.sensorId!) === type)).toBe(true);
      expect(ofType.map((a) => a.id).sort()).toEqual(
        all
          .filter((a) => typeOf.get(a.sensorId ?? '') === type)
          .map((a) => a.id)
          .sort(),
      );
    }
    const counts = alertCountsSchema.parse(await get('/api/alerts/counts?type=traffic'));
    const traffic = all.filter((a) => typeOf.get(a.sensorId ?? '') === 'traffic');
    expect(Object.values(counts.byStatus).reduce((sum, n) => sum + n, 0)).toBe(traffic.length);
    expect(
      (await app.request('/api/alerts?type=weather', { headers: { Cookie: operator } })).status,
    ).toBe(400);
  });

  it('lists active alerts the worst first, then the newest, when asked to', async () => {
    const byTime = alertListSchema.parse(
      await get('/api/alerts?city=kolkata&status=active&limit=500'),
    );
    const bySeverity = alertListSchema.parse(
      await get('/api/alerts?city=kolkata&status=active&order=severity&limit=500'),
    );
    expect(bySeverity.map((a) => a.id).sort()).toEqual(byTime.map((a) => a.id).sort());
    const rank = { critical: 3, high: 2, warning: 1, info: 0 };
    const key = (a: Alert) => [rank[a.severity], Date.parse(a.createdAt)] as const;
    for (let i = 1; i < bySeverity.length; i++) {
      const [prev, next] = [key(bySeverity[i - 1]!), key(bySeverity[i]!)];
      expect(prev[0] > next[0] || (prev[0] === next[0] && prev[1] >= next[1])).toBe(true);
    }
    // Some newer alert is milder than an older one: the two orders differ.
    expect(bySeverity.map((a) => a.id)).not.toEqual(byTime.map((a) => a.id));
    expect(
      (await app.request('/api/alerts?order=loudest', { headers: { Cookie: operator } })).status,
    ).toBe(400);
  });

  it('counts sensors and active alerts per city', async () => {
    const stats = statsSchema.parse(await get('/api/stats?city=kolkata', citizen));
    const active = alertListSchema
      .parse(await get('/api/alerts?city=kolkata&limit=500'))
      .filter((a) => a.status === 'open' || a.status === 'acknowledged');
    const sensors = (await get('/api/sensors?city=kolkata&status=active')) as unknown[];
    const registered = (await get('/api/sensors?city=kolkata')) as unknown[];
    expect(registered.length).toBeGreaterThanOrEqual(40);
    expect(stats).toMatchObject({
      totalSensors: registered.length,
      activeSensors: sensors.length,
      alerts: active.length,
      criticalAlerts: active.filter((a) => a.severity === 'critical').length,
    });
    expect(stats.lastUpdate).not.toBeNull();
    const everywhere = statsSchema.parse(await get('/api/stats'));
    expect(everywhere.totalSensors).toBe(((await get('/api/sensors')) as unknown[]).length);
  });
});
