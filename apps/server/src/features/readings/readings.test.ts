import {
  readingHistorySchema,
  readingsStorageSchema,
  sensorListSchema,
  sensorSchema,
} from '@smart-city/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { seedSensorsFor } from '../../db/seed';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
  type createTestServices,
} from '../../test/test-app';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const now = () => new Date(NOW);
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe.each(testDatabases())('sensors and their history on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: ReturnType<typeof createTestServices>;
  let operator: string;
  let citizen: string;
  let admin: string;
  const events = createTestEvents();

  async function ingest(readings: { sensorId: string; value: number; timestamp: string }[]) {
    for (let i = 0; i < readings.length; i += 5_000) {
      const res = await postJson(
        app,
        '/api/ingest/readings',
        { readings: readings.slice(i, i + 5_000) },
        { cookie: operator },
      );
      expect(res.status).toBe(202);
    }
    // Rollups follow with the fold; history over them reads what the fold has applied.
    await services.readingsFold.now();
  }
  const history = async (sensorId: string, window?: string) => {
    const res = await app.request(
      `/api/sensors/${sensorId}/readings${window ? `?window=${window}` : ''}`,
      { headers: { Cookie: citizen } },
    );
    expect(res.status).toBe(200);
    return readingHistorySchema.parse(await res.json());
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services, operator, citizen, admin } = await createTestAppWithCallers(database, {
      events,
      pipelineNow: now,
    }));
  });
  afterAll(() => database?.dispose());

  it('lists sensors with filters and shows one', async () => {
    const res = await app.request('/api/sensors?city=kharagpur&type=traffic', {
      headers: { Cookie: citizen },
    });
    const sensors = sensorListSchema.parse(await res.json());
    // Every seeded traffic sensor of Kharagpur, in id order.
    expect(sensors.map((s) => s.id)).toEqual(
      seedSensorsFor('kharagpur')
        .filter((s) => s.type === 'traffic')
        .map((s) => s.id)
        .sort(),
    );
    expect(sensors.map((s) => s.id)).toContain('kharagpur-traffic-nh16-crossing');
    // Never heard from: pending, with no value.
    expect(sensors[0]).toMatchObject({
      status: 'pending',
      unit: '%',
      value: null,
      lastReading: null,
    });
    const one = await app.request('/api/sensors/new-york-energy-yankee-stadium', {
      headers: { Cookie: citizen },
    });
    expect(sensorSchema.parse(await one.json()).metadata).toMatchObject({
      metric: 'load',
      ratedMw: 12,
      landUse: 'leisure',
    });
    expect((await app.request('/api/sensors/nope', { headers: { Cookie: citizen } })).status).toBe(
      404,
    );
    expect((await app.request('/api/sensors')).status).toBe(401);
    expect(
      (await app.request('/api/sensors?type=rain', { headers: { Cookie: citizen } })).status,
    ).toBe(400);
  });

  it('lets operators change status and metadata, announcing it; citizens get 403', async () => {
    const id = 'kolkata-waste-park-street';
    const patch = (cookie: string, body: unknown) =>
      app.request(`/api/sensors/${id}`, {
        method: 'PATCH',
        headers: {
          Cookie: cookie,
          'Content-Type': 'application/json',
          Origin: 'http://localhost:3000',
        },
        body: JSON.stringify(body),
      });
    expect((await patch(citizen, { status: 'maintenance' })).status).toBe(403);
    const announced: unknown[] = [];
    const off = events.on('sensor:updated', (e) => announced.push(e));
    const res = await patch(operator, {
      status: 'maintenance',
      metadata: { metric: 'fill', note: 'lid broken' },
    });
    off();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'maintenance',
      metadata: { note: 'lid broken' },
    });
    expect(announced).toEqual([
      {
        id,
        city: 'kolkata',
        status: 'maintenance',
        metadata: { metric: 'fill', note: 'lid broken' },
      },
    ]);
    expect((await patch(operator, {})).status).toBe(400);
    expect((await patch(operator, { status: 'broken' })).status).toBe(400);
  });

  it('answers an empty window with no points', async () => {
    expect(await history('kolkata-energy-dum-dum')).toEqual({
      sensorId: 'kolkata-energy-dum-dum',
      window: '24h',
      bucketS: 0,
      points: [],
    });
    const res = await app.request('/api/sensors/kolkata-energy-dum-dum/readings?window=2d', {
      headers: { Cookie: citizen },
    });
    expect(res.status).toBe(400);
  });

  it('gives raw readings newest first when they fit, and buckets when they do not', async () => {
    const sensor = 'kolkata-traffic-sealdah-station';
    // 1,200 readings in the last hour (one every 3 s) and one a minute over the day before.
    const readings = [
      ...Array.from({ length: 1_200 }, (_, i) => ({
        sensorId: sensor,
        value: 20 + (i % 50),
        timestamp: ago(i * 3_000 + 1_000),
      })),
      ...Array.from({ length: 1_440 }, (_, i) => ({
        sensorId: sensor,
        value: 30,
        timestamp: ago(3_600_000 + i * 60_000 + 1_000),
      })),
    ];
    await ingest(readings);

    const hour = await history(sensor, '1h');
    expect(hour.bucketS).toBe(60);
    expect(hour.points.length).toBeLessThanOrEqual(61);
    expect(hour.points.length).toBeGreaterThanOrEqual(60);
    const first = hour.points[0]!;
    expect(first.min).toBeLessThanOrEqual(first.value);
    expect(first.max).toBeGreaterThanOrEqual(first.value);

    const day = await history(sensor, '24h');
    expect(day.bucketS).toBe(120);
    expect(day.points.length).toBeLessThanOrEqual(1_000);
    expect(day.points.length).toBeGreaterThan(600);
    const week = await history(sensor, '7d');
    expect(week.bucketS).toBe(900);
    expect(week.points.length).toBeLessThanOrEqual(1_000);
    const times = week.points.map((p) => p.timestamp);
    expect(times).toEqual([...times].sort().reverse());

    const other = 'kolkata-traffic-howrah-bridge';
    await ingest([
      { sensorId: other, value: 11, timestamp: ago(120_000) },
      { sensorId: other, value: 12, timestamp: ago(60_000) },
    ]);
    expect((await history(other, '1h')).points).toEqual([
      { timestamp: ago(60_000), value: 12, min: 12, max: 12 },
      { timestamp: ago(120_000), value: 11, min: 11, max: 11 },
    ]);
  });

  it('drops raw readings and minutes past the retention, hours past theirs, and keeps the days', async () => {
    const sensor = 'new-york-air-quality-herald-square';
    const DAY = 86_400_000;
    await ingest([
      { sensorId: sensor, value: 40, timestamp: ago(40 * DAY) },
      { sensorId: sensor, value: 41, timestamp: ago(401 * DAY) },
      { sensorId: sensor, value: 42, timestamp: ago(DAY) },
    ]);
    await services.readings.applyRetention();
    const count = async (table: string) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
          where sensor_id = ${sensor}`.execute(database.db)
      ).rows[0]!.n;
    expect(await count('sensor_data')).toBe(1);
    expect(await count('sensor_readings_minute')).toBe(1);
    expect(await count('sensor_readings_hourly')).toBe(2);
    expect(await count('sensor_readings_daily')).toBe(3);
  });

  it('tells an admin what the readings take on disk and the retention in force, and no one else', async () => {
    const res = await app.request('/api/admin/storage', { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
    const storage = readingsStorageSchema.parse(await res.json());
    expect(storage.rawBytes).toBeGreaterThan(0);
    expect(storage.databaseBytes).toBeGreaterThan(storage.rawBytes);
    expect(storage.retention).toEqual({
      rawDays: 30,
      fineRollupDays: 30,
      hourlyDays: 400,
      dailyDays: null,
    });
    const operatorAsks = await app.request('/api/admin/storage', { headers: { Cookie: operator } });
    expect(operatorAsks.status).toBe(403);
    expect((await app.request('/api/admin/storage')).status).toBe(401);
  });
});
