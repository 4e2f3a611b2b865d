import { alertListSchema, OFFLINE_AFTER_MS, statsSchema } from '@smart-city/shared';
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
const SENSORS = 3_000;
const ids = Array.from({ length: SENSORS }, (_, i) => `kolkata-bulk-${String(i).padStart(4, '0')}`);

describe.each(testDatabases())(
  'the alert checks over thousands of sensors on $kind',
  ({ create }) => {
    let database: Awaited<ReturnType<typeof create>>;
    let app: ReturnType<typeof createTestApp>;
    let services: ReturnType<typeof createTestServices>;
    let operator: string;
    let clock = new Date(T0);
    const events = createTestEvents();

    const ingestAll = async (value: number) => {
      for (let i = 0; i < SENSORS; i += 1_500) {
        const readings = ids
          .slice(i, i + 1_500)
          .map((sensorId) => ({ sensorId, value, timestamp: clock.toISOString() }));
        const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
        expect(res.status).toBe(202);
      }
      // The sensors' latest values (which the offline check reads) follow with the fold.
      await services.readingsFold.now();
    };
    const get = async (path: string) =>
      (await app.request(path, { headers: { Cookie: operator } })).json();
    const openAlerts = async (rule: string) =>
      alertListSchema
        .parse(await get('/api/alerts?city=kolkata&status=active&limit=500&q=bulk'))
        .filter((a) => a.rule === rule);

    beforeAll(async () => {
      database = await create();
      ({ app, services, operator } = await createTestAppWithCallers(database, {
        // About alerts once raised: each is raised by its first reading out of range (the rules'
        // on-delays have tests of their own, in alarm-tuning.test.ts).
        alertOnDelay: 'off',
        events,
        pipelineNow: () => clock,
      }));
      await services.sensors.register(
        ids.map((id, i) => ({
          id,
          name: `Bulk bin ${i}`,
          type: 'waste',
          city: 'kolkata',
          location: `Bulk lane ${i}`,
          lat: 22.5 + (i % 100) * 0.001,
          lng: 88.3 + Math.floor(i / 100) * 0.001,
          unit: '%',
        })),
      );
    }, 60_000);
    afterAll(() => database?.dispose());

    it('takes every silent sensor offline with its alert in one pass, and resolves them when readings resume', async () => {
      await ingestAll(20);
      clock = new Date(T0 + OFFLINE_AFTER_MS + 60_000);
      const checked = await services.alerts.runChecks();
      expect(checked.offline).toBeGreaterThanOrEqual(SENSORS);
      const stats = statsSchema.parse(await get('/api/stats?city=kolkata'));
      expect(stats.totalSensors - stats.activeSensors).toBeGreaterThanOrEqual(SENSORS);
      expect(await openAlerts('offline')).toHaveLength(500);
      const counts = (await get('/api/alerts/counts?city=kolkata&q=bulk')) as {
        byStatus: Record<string, number>;
      };
      expect(counts.byStatus.open).toBe(SENSORS);

      // A second pass finds nothing new: no sensor gets a second offline alert.
      expect((await services.alerts.runChecks()).offline).toBe(0);

      // Readings resume (bins past the warning level): offline alerts resolve, threshold alerts rise.
      await ingestAll(80);
      expect(await openAlerts('offline')).toHaveLength(0);
      const after = (await get('/api/alerts/counts?city=kolkata&q=bulk&status=active')) as {
        bySeverity: Record<string, number>;
      };
      expect(after.bySeverity.warning).toBe(SENSORS);
      const sample = alertListSchema.parse(await get(`/api/alerts?q=${ids[7]}&limit=10`));
      expect(sample.map((a) => [a.rule, a.status])).toEqual(
        expect.arrayContaining([
          ['threshold', 'open'],
          ['offline', 'resolved'],
        ]),
      );
    });
  },
);
