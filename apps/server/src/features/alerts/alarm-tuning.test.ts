import {
  ALARM_RULE_TUNING,
  alertListSchema,
  CHATTERING_REOPENS_PER_HOUR,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
  type createTestApp,
} from '../../test/test-app';

const MIN = 60_000;
type Reading = { sensorId: string; value: number; timestamp: string; metadata?: object };

/**
 * The rules' defaults against what an operator sees: on-delays (a value must stay past its limit a
 * while before it raises an alert), deadbands (an alert is back in range only past its limit by a
 * margin) and chattering (an alert raised again and again within an hour says so).
 */
describe.each(testDatabases())('deadbands, on-delays and chattering on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let operator: string;
  // Each test starts its own hours later, so the clock only ever moves on.
  let clock = new Date('2026-03-02T00:00:00Z');
  const now = () => clock;
  let start = clock.getTime();
  /** A test's readings times: `at(m)` is m minutes after the test began. */
  const at = (minutes: number) => new Date(start + minutes * MIN).toISOString();
  const beginTest = () => {
    start = clock.getTime() + 3 * 60 * MIN;
    clock = new Date(start);
  };

  /** Sends one batch as a device whose clock agrees with the server's: the clock follows it. */
  const ingest = async (...readings: Reading[]) => {
    for (const r of readings)
      if (Date.parse(r.timestamp) > clock.getTime()) clock = new Date(r.timestamp);
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);
    return res;
  };
  const alertsOf = async (sensorId: string, rule?: string) => {
    const res = await app.request(`/api/alerts?q=${sensorId}&limit=500`, {
      headers: { Cookie: operator },
    });
    const alerts = alertListSchema.parse(await res.json());
    return alerts.filter((a) => a.sensorId === sensorId && (!rule || a.rule === rule));
  };
  const pendingOf = (sensorId: string) =>
    database.db.selectFrom('alert_pending').selectAll().where('sensor_id', '=', sensorId).execute();
  const inRangeSince = async (id: string) =>
    (
      await database.db
        .selectFrom('alerts')
        .select('in_range_since')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).in_range_since;

  beforeAll(async () => {
    database = await create();
    ({ app, operator } = await createTestAppWithCallers(database, {
      events: createTestEvents(),
      pipelineNow: now,
    }));
  });
  afterAll(() => database?.dispose());

  it('has a deadband and an on-delay for every rule, none of them zero', () => {
    for (const tuning of Object.values(ALARM_RULE_TUNING)) {
      expect(tuning.deadband).toBeGreaterThan(0);
      expect(tuning.onDelayS).toBeGreaterThan(0);
    }
    // Congestion flickers, a bin's fill level does not: the first waits longer.
    expect(ALARM_RULE_TUNING.traffic.onDelayS).toBeGreaterThan(ALARM_RULE_TUNING.waste.onDelayS);
  });

  it('raises nothing for a fleeting excursion, nor stores it, whatever its severity', async () => {
    beginTest();
    const sensor = 'kolkata-traffic-howrah-bridge';
    // Traffic waits 5 minutes: a jam of 4 that eases to 60 % (below 70 − 5) is forgotten.
    await ingest({ sensorId: sensor, value: 95, timestamp: at(0) });
    await ingest({ sensorId: sensor, value: 97, timestamp: at(2) });
    expect(await pendingOf(sensor)).toHaveLength(1);
    await ingest({ sensorId: sensor, value: 99, timestamp: at(4) });
    await ingest({ sensorId: sensor, value: 60, timestamp: at(4.5) });
    expect(await pendingOf(sensor)).toEqual([]);
    // Another starts the wait again from its own first reading.
    await ingest({ sensorId: sensor, value: 92, timestamp: at(5) });
    await ingest({ sensorId: sensor, value: 92, timestamp: at(9) });
    await ingest({ sensorId: sensor, value: 40, timestamp: at(9.5) });
    expect(await alertsOf(sensor)).toEqual([]);
    const stored = await database.db
      .selectFrom('alerts')
      .select('id')
      .where('sensor_id', '=', sensor)
      .execute();
    expect(stored).toEqual([]);
    expect(await pendingOf(sensor)).toEqual([]);
  });

  it('raises one alert once the readings have stayed out of range for the on-delay, across batches and processes', async () => {
    beginTest();
    const sensor = 'kolkata-traffic-sealdah-station';
    await ingest({ sensorId: sensor, value: 84, timestamp: at(0) });
    await ingest({ sensorId: sensor, value: 93, timestamp: at(2) });
    // Another process of the same deployment takes the next reading: the wait is in the database.
    const other = createTestServices(database, { events: createTestEvents(), pipelineNow: now });
    clock = new Date(at(4));
    await other.ingest.ingest([{ sensorId: sensor, value: 86, timestamp: at(4) }]);
    expect(await alertsOf(sensor)).toEqual([]);
    expect(await pendingOf(sensor)).toMatchObject([
      { rule: 'threshold', since: new Date(at(0)), severity: 'critical', value: 93 },
    ]);

    // Five minutes after the first reading past 70 %: raised, with the worst seen while waiting,
    // created when the on-delay ran out.
    await ingest({ sensorId: sensor, value: 85, timestamp: at(5) });
    const [alert, ...more] = await alertsOf(sensor);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      severity: 'critical',
      message: 'Congestion 93 % (critical ≥ 90 %)',
      value: 85,
      status: 'open',
      createdAt: at(5),
      chattering: false,
    });
    expect(await pendingOf(sensor)).toEqual([]);

    // The same batch again (a retry) changes nothing; the next readings follow the alert.
    await ingest({ sensorId: sensor, value: 85, timestamp: at(5) });
    await ingest({ sensorId: sensor, value: 88, timestamp: at(6) });
    expect(await alertsOf(sensor)).toMatchObject([{ id: alert!.id, value: 88 }]);
    expect(await pendingOf(sensor)).toEqual([]);
  });

  it('escalates a raised alert at once, without waiting again', async () => {
    beginTest();
    const sensor = 'kolkata-air-quality-park-street';
    // Air quality waits 3 minutes.
    await ingest({ sensorId: sensor, value: 120, timestamp: at(0) });
    await ingest({ sensorId: sensor, value: 130, timestamp: at(3) });
    expect(await alertsOf(sensor)).toMatchObject([{ severity: 'warning', createdAt: at(3) }]);
    await ingest({ sensorId: sensor, value: 210, timestamp: at(3.5) });
    expect(await alertsOf(sensor)).toMatchObject([
      { severity: 'critical', message: 'AQI 210 (critical ≥ 200)', value: 210 },
    ]);
  });

  it('keeps waiting through a reading inside the deadband, and raises on one past the limit', async () => {
    beginTest();
    const sensor = 'kolkata-air-quality-gariahat';
    await ingest({ sensorId: sensor, value: 120, timestamp: at(0) });
    // 95 is under the limit of 100 but not under 100 − 10: it neither raises nor ends the wait.
    await ingest({ sensorId: sensor, value: 95, timestamp: at(1) });
    await ingest({ sensorId: sensor, value: 92, timestamp: at(3) });
    expect(await alertsOf(sensor)).toEqual([]);
    expect(await pendingOf(sensor)).toHaveLength(1);
    await ingest({ sensorId: sensor, value: 104, timestamp: at(3.5) });
    expect(await alertsOf(sensor)).toMatchObject([
      { severity: 'warning', value: 104, createdAt: at(3.5) },
    ]);
  });

  it('neither resolves nor re-opens an alert whose value hovers inside the deadband', async () => {
    beginTest();
    const sensor = 'kolkata-waste-park-street';
    // A bin waits one minute; its deadband is 3 points below the 75 % warning.
    await ingest({ sensorId: sensor, value: 80, timestamp: at(0) });
    await ingest({ sensorId: sensor, value: 81, timestamp: at(1) });
    const [alert] = await alertsOf(sensor);
    expect(alert).toMatchObject({ severity: 'warning', status: 'open' });

    for (const [minute, value] of [
      [2, 74],
      [8, 73],
      [14, 74.5],
      [20, 72.5],
      [27, 76],
      [28, 73],
      [40, 74],
    ] as const) {
      await ingest({ sensorId: sensor, value, timestamp: at(minute) });
    }
    expect(await alertsOf(sensor)).toMatchObject([{ id: alert!.id, status: 'open' }]);
    expect(await inRangeSince(alert!.id)).toBeNull();

    // Below 72 the bin is back in range: ten minutes later the alert resolves itself.
    await ingest({ sensorId: sensor, value: 71, timestamp: at(41) });
    expect(await inRangeSince(alert!.id)).toEqual(new Date(at(41)));
    // Inside the deadband again: the countdown goes on.
    await ingest({ sensorId: sensor, value: 74, timestamp: at(46) });
    expect(await inRangeSince(alert!.id)).toEqual(new Date(at(41)));
    await ingest({ sensorId: sensor, value: 73, timestamp: at(51) });
    expect(await alertsOf(sensor)).toMatchObject([{ id: alert!.id, status: 'resolved' }]);
  });

  it("applies pH's deadband on both sides of its band", async () => {
    beginTest();
    const sensor = 'kolkata-water-esplanade';
    const ph = (minute: number, value: number) =>
      ingest({ sensorId: sensor, value: 120, timestamp: at(minute), metadata: { ph: value } });
    const phAlerts = () => alertsOf(sensor, 'water-ph');

    // Too acid for two minutes: raised.
    await ph(0, 6.3);
    await ph(2, 6.4);
    const [acid] = await phAlerts();
    expect(acid).toMatchObject({ status: 'open', createdAt: at(2) });
    // 6.55 is inside 6.5–8.5 but not past 6.6: still out of range.
    await ph(3, 6.55);
    await ph(15, 6.55);
    expect(await inRangeSince(acid!.id)).toBeNull();
    await ph(16, 7.0);
    expect(await inRangeSince(acid!.id)).toEqual(new Date(at(16)));
    // 8.45 is inside the deadband of the upper limit: the countdown goes on, and ends.
    await ph(27, 8.45);
    expect(await phAlerts()).toMatchObject([{ id: acid!.id, status: 'resolved' }]);

    // Too alkaline: raised again, and back in range only below 8.4.
    await ph(30, 8.7);
    await ph(32, 8.8);
    const alkaline = (await phAlerts()).find((a) => a.status === 'open');
    expect(alkaline).toMatchObject({ createdAt: at(32) });
    await ph(33, 8.45);
    expect(await inRangeSince(alkaline!.id)).toBeNull();
    await ph(34, 8.35);
    expect(await inRangeSince(alkaline!.id)).toEqual(new Date(at(34)));
  });

  it(`flags the ${CHATTERING_REOPENS_PER_HOUR + 1}th re-open within an hour as chattering, not the first ${CHATTERING_REOPENS_PER_HOUR}`, async () => {
    beginTest();
    const sensor = 'kolkata-waste-salt-lake-sector-v';
    const raiseAndResolve = async (minute: number) => {
      await ingest({ sensorId: sensor, value: 80, timestamp: at(minute) });
      await ingest({ sensorId: sensor, value: 80, timestamp: at(minute + 1) });
      const open = (await alertsOf(sensor)).find((a) => a.status === 'open');
      expect(open).toBeDefined();
      const res = await postJson(app, `/api/alerts/${open!.id}/resolve`, {}, { cookie: operator });
      expect(res.status).toBe(200);
      await ingest({ sensorId: sensor, value: 20, timestamp: at(minute + 2) });
      return open!;
    };
    // Raised, then re-opened four times within 50 minutes.
    const raised = [];
    for (const minute of [0, 10, 20, 30, 40]) raised.push(await raiseAndResolve(minute));
    expect(raised.map((a) => a.chattering)).toEqual([false, false, false, false, true]);
    // An hour and more after the first four, the next is not chattering.
    const later = await raiseAndResolve(125);
    expect(later.chattering).toBe(false);
  });
});
