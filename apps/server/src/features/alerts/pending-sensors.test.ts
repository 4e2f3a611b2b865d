import { alertListSchema, sensorCountsSchema, sensorSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const SENSORS = 1_000;
/** SENSOR_OFFLINE_AFTER_S of this deployment: two minutes. */
const OFFLINE_AFTER_S = 120;
const ids = Array.from({ length: SENSORS }, (_, i) => `kolkata-new-${String(i).padStart(4, '0')}`);

describe.each(testDatabases())('sensors never heard from on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let operator: string;
  let clock = new Date(T0);
  const at = (ms: number) => (clock = new Date(T0 + ms));

  const get = async (path: string) => {
    const res = await app.request(path, { headers: { Cookie: operator } });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const countsOf = async () =>
    sensorCountsSchema.parse(await get('/api/sensors/counts?city=kolkata&q=kolkata-new'));
  const offlineAlerts = async () =>
    alertListSchema
      .parse(await get('/api/alerts?city=kolkata&status=active&limit=500&q=kolkata-new'))
      .filter((a) => a.rule === 'offline');
  /** Every sensor reports, with readings taken `ageMs` before they arrive (a gateway's buffer). */
  const reportAll = async (ageMs: number) => {
    const readings = ids.map((sensorId, i) => ({
      sensorId,
      value: 20 + (i % 10),
      timestamp: new Date(clock.getTime() - ageMs).toISOString(),
    }));
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);
    await services.readingsFold.now();
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, operator } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      pipelineNow: () => clock,
      sensorOfflineAfterS: OFFLINE_AFTER_S,
    }));
    // As an import brings a city's devices in, before they report; what the file says of their
    // status does not make a sensor that was never heard from active.
    await services.sensors.register(
      ids.map((id, i) => ({
        id,
        name: `New bin ${i}`,
        type: 'waste',
        city: 'kolkata',
        location: `New lane ${i}`,
        lat: 22.5 + (i % 100) * 0.001,
        lng: 88.3 + Math.floor(i / 100) * 0.001,
        unit: '%',
        ...(i % 2 ? { status: 'active' } : {}),
      })),
    );
  }, 60_000);
  afterAll(() => database?.dispose());

  it('are pending and raise no alert however long they stay silent', async () => {
    expect(sensorSchema.parse(await get(`/api/sensors/${ids[0]}`)).status).toBe('pending');
    expect((await countsOf()).byStatus).toMatchObject({ pending: SENSORS, active: 0, offline: 0 });
    at(24 * 3_600_000);
    expect((await services.alerts.runChecks()).offline).toBe(0);
    expect(await offlineAlerts()).toEqual([]);
  });

  it('stay pending when put back in service before they have reported', async () => {
    const patch = (status: string) =>
      app.request(`/api/sensors/${ids[1]}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: operator },
        body: JSON.stringify({ status }),
      });
    expect(sensorSchema.parse(await (await patch('maintenance')).json()).status).toBe(
      'maintenance',
    );
    expect(sensorSchema.parse(await (await patch('active')).json()).status).toBe('pending');
  });

  it('become active with their first reading, and stay so while a gateway uploads an hour of history', async () => {
    at(25 * 3_600_000);
    // Every reading is an hour old when it arrives: the sensors were heard now all the same.
    await reportAll(3_600_000);
    expect((await countsOf()).byStatus).toMatchObject({ active: SENSORS, pending: 0 });
    at(25 * 3_600_000 + (OFFLINE_AFTER_S - 10) * 1000);
    expect((await services.alerts.runChecks()).offline).toBe(0);
    expect(await offlineAlerts()).toEqual([]);
  });

  it('go offline once heard from and then silent past SENSOR_OFFLINE_AFTER_S', async () => {
    at(25 * 3_600_000 + (OFFLINE_AFTER_S + 10) * 1000);
    expect((await services.alerts.runChecks()).offline).toBe(SENSORS);
    expect((await countsOf()).byStatus).toMatchObject({ offline: SENSORS, pending: 0 });
    expect(await offlineAlerts()).toHaveLength(500);
  });
});
