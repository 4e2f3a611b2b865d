import { sensorListSchema, statsSchema, type Alert } from '@smart-city/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactKeptCounts } from '../../db/kept-counts.repository';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';
import { keptAlertCounts } from './alerts.repository';

const T0 = Date.parse('2026-03-02T10:00:00Z');

/** A key and its number, sorted, for comparing two ways of counting. */
type Counted = Record<string, number>;
const keyed = (rows: { key: string; n: number }[]): Counted =>
  Object.fromEntries(
    rows
      .filter((r) => r.n !== 0)
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((r) => [r.key, r.n]),
  );

describe.each(testDatabases())('the kept counts on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let operator: string;
  let admin: string;
  let clock = new Date(T0);

  const get = async (path: string) =>
    (await app.request(path, { headers: { Cookie: operator } })).json();
  const ingest = async (readings: { sensorId: string; value: number; timestamp: string }[]) => {
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: operator });
    expect(res.status).toBe(202);
    await services.readingsFold.now();
  };

  /** The alerts counted one by one, by the kept counts' key, shelves judged at the clock. */
  const scannedAlerts = async () => {
    const { rows } = await sql<{ key: string; n: number }>`
      select concat_ws('|', city_key, coalesce(sensor_type, '-'), rule, severity, status,
        coalesce(shelved_until > ${clock}, false)::text, suppressed::text) as key, count(*)::int as n
      from alerts a group by 1`.execute(database.db);
    return keyed(rows);
  };
  const keptAlerts = async () =>
    keyed(
      (await keptAlertCounts(database.db, { now: clock })).map((r) => ({
        key: [
          r.city_key,
          r.sensor_type ?? '-',
          r.rule,
          r.severity,
          r.status,
          String(r.shelved),
          String(r.suppressed),
        ].join('|'),
        n: r.n,
      })),
    );
  const scannedSensors = async () => {
    const { rows } = await sql<{ key: string; n: number }>`
      select concat_ws('|', city_key, type, status) as key, count(*)::int as n
      from sensors group by 1`.execute(database.db);
    return keyed(rows);
  };
  const keptSensors = async () => {
    const { rows } = await sql<{ key: string; n: number }>`
      select concat_ws('|', city_key, type, status) as key, sum(n)::int as n
      from sensor_counts group by 1`.execute(database.db);
    return keyed(rows);
  };
  const expectKeptAsCounted = async () => {
    expect(await keptAlerts()).toEqual(await scannedAlerts());
    expect(await keptSensors()).toEqual(await scannedSensors());
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, operator, admin } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
      // Single readings raise at once: the counts are the subject, not the on-delays.
      alertOnDelay: 'off',
    }));
  });
  afterAll(() => database?.dispose());

  it('counts what is stored from the start', async () => {
    await expectKeptAsCounted();
    expect(Object.keys(await keptSensors()).length).toBeGreaterThan(0);
  });

  it('follows alerts raised, escalated, acknowledged, shelved, resolved and dismissed', async () => {
    const traffic = sensorListSchema.parse(await get('/api/sensors?city=kolkata&type=traffic'));
    expect(traffic.length).toBeGreaterThanOrEqual(4);
    // Every traffic sensor of Kolkata past the warning level, then some of them critical.
    await ingest(
      traffic.map((s) => ({ sensorId: s.id, value: 72, timestamp: clock.toISOString() })),
    );
    await expectKeptAsCounted();
    clock = new Date(T0 + 60_000);
    await ingest(
      traffic
        .slice(0, 2)
        .map((s) => ({ sensorId: s.id, value: 96, timestamp: clock.toISOString() })),
    );
    await expectKeptAsCounted();

    const alerts = (await get('/api/alerts?city=kolkata&status=active&limit=100')) as Alert[];
    const act = async (id: string, action: string, body: object = {}) =>
      expect(
        (await postJson(app, `/api/alerts/${id}/${action}`, body, { cookie: operator })).status,
      ).toBe(200);
    await act(alerts[0]!.id, 'acknowledge');
    await act(alerts[1]!.id, 'resolve');
    await act(alerts[2]!.id, 'dismiss');
    await act(alerts[3]!.id, 'shelve', { minutes: 30, reason: 'Roadworks, known' });
    await expectKeptAsCounted();

    const stats = statsSchema.parse(await get('/api/stats?city=kolkata'));
    const active = (await get('/api/alerts?city=kolkata&status=active&limit=100')) as Alert[];
    expect(stats.alerts).toBe(active.length);
    expect(stats.criticalAlerts).toBe(active.filter((a) => a.severity === 'critical').length);

    // The shelve has run out but the checks have not cleared it yet: it is counted as active.
    clock = new Date(T0 + 31 * 60_000);
    await expectKeptAsCounted();
    const after = statsSchema.parse(await get('/api/stats?city=kolkata'));
    expect(after.alerts).toBe(stats.alerts + 1);
    await services.alerts.runChecks();
    await expectKeptAsCounted();
  });

  it('follows sensors registered, heard from and gone silent, and the newest reading', async () => {
    const res = await postJson(
      app,
      '/api/sensors',
      {
        sensors: Array.from({ length: 3 }, (_, i) => ({
          id: `kolkata-kept-${i}`,
          name: `Kept bin ${i}`,
          type: 'waste',
          city: 'kolkata',
          location: 'Kept lane',
          lat: 22.5,
          lng: 88.3,
        })),
      },
      { cookie: admin },
    );
    expect(res.status).toBe(201);
    await expectKeptAsCounted();
    const before = statsSchema.parse(await get('/api/stats?city=kolkata'));
    const heardAt = new Date(clock.getTime() + 1_000);
    await ingest([{ sensorId: 'kolkata-kept-0', value: 20, timestamp: heardAt.toISOString() }]);
    await expectKeptAsCounted();
    const stats = statsSchema.parse(await get('/api/stats?city=kolkata'));
    expect(stats.totalSensors).toBe(before.totalSensors);
    expect(stats.activeSensors).toBe(before.activeSensors + 1);
    expect(stats.lastUpdate).toBe(heardAt.toISOString());
    const { rows } = await sql<{ newest: Date }>`
      select max(l.last_reading) as newest from sensor_latest l
      join sensors s on s.id = l.sensor_id where s.city_key = 'kolkata'`.execute(database.db);
    expect(new Date(rows[0]!.newest).toISOString()).toBe(stats.lastUpdate);

    // Silent past the threshold: offline, with an alert each; both counted as they change.
    clock = new Date(clock.getTime() + 60 * 60_000);
    await services.alerts.runChecks();
    await expectKeptAsCounted();
  });

  it('adds up to the same after its rows are folded, one row per key', async () => {
    const kept = await keptAlerts();
    await compactKeptCounts(database.db);
    expect(await keptAlerts()).toEqual(kept);
    await expectKeptAsCounted();
    const { rows } = await sql<{ rows: number; keys: number }>`
      select count(*)::int as rows, count(distinct (city_key, sensor_type, rule, severity, status,
        shelved, suppressed))::int as keys from alert_counts`.execute(database.db);
    expect(rows[0]!.rows).toBe(rows[0]!.keys);
  });

  it('stays right when batches raise alerts of one city at once', async () => {
    const waste = sensorListSchema.parse(await get('/api/sensors?city=kolkata&type=waste'));
    const halves = [waste.slice(0, waste.length / 2), waste.slice(waste.length / 2)];
    clock = new Date(clock.getTime() + 1_000);
    await Promise.all([
      ...halves.map((half) =>
        postJson(
          app,
          '/api/ingest/readings',
          {
            readings: half.map((s) => ({
              sensorId: s.id,
              value: 99,
              timestamp: clock.toISOString(),
            })),
          },
          { cookie: operator },
        ),
      ),
      compactKeptCounts(database.db),
    ]);
    await services.readingsFold.now();
    await expectKeptAsCounted();
  });
});
