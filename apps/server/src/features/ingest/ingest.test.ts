import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../live/domain-events';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  type createTestApp,
} from '../../test/test-app';

const TRAFFIC = 'kolkata-traffic-howrah-bridge';
const AIR = 'kolkata-air-quality-park-street';
const NY_TRAFFIC = 'new-york-traffic-times-square';

describe.each(testDatabases())('POST /api/ingest/readings on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  const seen: { name: keyof DomainEventMap; event: unknown }[] = [];
  let admin: string;
  let operator: string;
  let citizen: string;

  async function storedRows(sensorId?: string): Promise<number> {
    const q = sensorId
      ? sql<{ n: number }>`select count(*)::int as n from sensor_data where sensor_id = ${sensorId}`
      : sql<{ n: number }>`select count(*)::int as n from sensor_data`;
    return (await q.execute(database.db)).rows[0]!.n;
  }

  beforeAll(async () => {
    database = await create();
    const events = createTestEvents();
    for (const name of ['readings', 'alert:created', 'stats'] as const) {
      events.on(name, (event) => seen.push({ name, event }));
    }
    ({ app, services, admin, operator, citizen } = await createTestAppWithCallers(database, {
      // About alerts once raised: each is raised by its first reading out of range (the rules'
      // on-delays have tests of their own, in alarm-tuning.test.ts).
      alertOnDelay: 'off',
      events,
    }));
  });
  afterAll(() => database?.dispose());

  it('stores a batch from an operator and answers 202 with the count', async () => {
    const res = await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: TRAFFIC, value: 40, timestamp: '2026-03-02T10:00:00Z' },
          { sensorId: TRAFFIC, value: 42, unit: '%', timestamp: '2026-03-02T10:00:05Z' },
          { sensorId: AIR, value: 80, metadata: { pm25: 48 } },
        ],
      },
      { cookie: operator },
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 3, duplicates: 0 });
    expect(await storedRows(TRAFFIC)).toBe(2);
    // The sensor's latest value follows with the fold.
    await services.readingsFold.now();
    const sensor = await app.request(`/api/sensors/${TRAFFIC}`, { headers: { Cookie: operator } });
    expect(await sensor.json()).toMatchObject({
      value: 42,
      lastReading: '2026-03-02T10:00:05.000Z',
    });
  });

  it('stores a retried batch once: a reading is its sensor and its time', async () => {
    const batch = {
      readings: [
        { sensorId: NY_TRAFFIC, value: 61, timestamp: '2026-03-02T11:00:00Z' },
        { sensorId: NY_TRAFFIC, value: 63, timestamp: '2026-03-02T11:00:10Z' },
      ],
    };
    const first = await postJson(app, '/api/ingest/readings', batch, { cookie: admin });
    expect(await first.json()).toEqual({ accepted: 2, duplicates: 0 });
    const announced = seen.filter((s) => s.name === 'readings').length;

    // The device never got the answer and sends the batch again, with one new reading.
    const retry = await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          ...batch.readings,
          { sensorId: NY_TRAFFIC, value: 64, timestamp: '2026-03-02T11:00:20Z' },
          { sensorId: NY_TRAFFIC, value: 64, timestamp: '2026-03-02T11:00:20Z' },
        ],
      },
      { cookie: admin },
    );
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual({ accepted: 4, duplicates: 3 });
    expect(await storedRows(NY_TRAFFIC)).toBe(3);
    // Only the new reading is announced to live viewers.
    const after = seen.filter((s) => s.name === 'readings').slice(announced);
    expect(after).toEqual([
      {
        name: 'readings',
        event: {
          city: 'new-york',
          readings: [expect.objectContaining({ sensorId: NY_TRAFFIC, value: 64 })],
        },
      },
    ]);

    const again = await postJson(app, '/api/ingest/readings', batch, { cookie: admin });
    expect(await again.json()).toEqual({ accepted: 2, duplicates: 2 });
    expect(seen.filter((s) => s.name === 'readings').length).toBe(announced + 1);
    await services.readingsFold.now();
    const minute = await sql<{ count: number }>`
      select sum(count)::int as count from sensor_readings_minute
      where sensor_id = ${NY_TRAFFIC} and minute = '2026-03-02T11:00:00Z'`.execute(database.db);
    expect(minute.rows[0]!.count).toBe(3);
  });

  it('refuses unknown sensors and bad values by index and stores nothing', async () => {
    const before = await storedRows();
    const res = await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: TRAFFIC, value: 50 },
          { sensorId: 'no-such-sensor', value: 1 },
          { sensorId: TRAFFIC, value: 140 },
          { sensorId: TRAFFIC, value: 30, unit: 'km/h' },
        ],
      },
      { cookie: admin },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { index: number; message: string }[] };
    };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toMatch(/3 readings refused, nothing stored/);
    expect(body.error.details.map((d) => d.index)).toEqual([1, 2, 3]);
    expect(body.error.details[0]!.message).toBe('unknown sensor "no-such-sensor"');
    expect(body.error.details[1]!.message).toMatch(/outside 0–100/);
    expect(await storedRows()).toBe(before);
  });

  it('names the failing index when a value is not a number', async () => {
    const res = await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: TRAFFIC, value: 3 },
          { sensorId: TRAFFIC, value: 'high' },
        ],
      },
      { cookie: admin },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { path: string }[] } };
    expect(body.error.details[0]!.path).toBe('readings.1.value');
  });

  it('answers 413 with advice for more than 5,000 readings, storing nothing', async () => {
    const before = await storedRows();
    const readings = Array.from({ length: 5_001 }, () => ({ sensorId: TRAFFIC, value: 10 }));
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: admin });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: { code: 'too_large', message: expect.stringMatching(/at most 5,000 readings/) },
    });
    expect(await storedRows()).toBe(before);
  });

  it('answers 413 for a body over 4 MB', async () => {
    const padding = 'x'.repeat(4.5 * 1024 * 1024);
    const res = await postJson(
      app,
      '/api/ingest/readings',
      { readings: [{ sensorId: TRAFFIC, value: 10, metadata: { padding } }] },
      { cookie: admin },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'too_large' } });
  });

  it('refuses citizens (403) and anonymous callers (401)', async () => {
    const body = { readings: [{ sensorId: TRAFFIC, value: 10 }] };
    expect((await postJson(app, '/api/ingest/readings', body, { cookie: citizen })).status).toBe(
      403,
    );
    expect((await postJson(app, '/api/ingest/readings', body)).status).toBe(401);
  });

  it('accepts a device key until it is revoked, and refuses wrong keys', async () => {
    const created = await postJson(
      app,
      '/api/device-keys',
      { name: 'Howrah gateway' },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    const key = (await created.json()) as {
      id: string;
      key: string;
      name: string;
      createdAt: string;
    };
    expect(key.key).toMatch(/^sk_/);
    expect(key.name).toBe('Howrah gateway');

    const list = await app.request('/api/device-keys', { headers: { Cookie: admin } });
    const keys = (await list.json()) as Record<string, unknown>[];
    expect(keys.find((k) => k.id === key.id)).toBeDefined();
    expect(JSON.stringify(keys)).not.toContain(key.key);
    const stored = await database.db.selectFrom('device_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key.key);

    const body = { readings: [{ sensorId: TRAFFIC, value: 20 }] };
    const withKey = (k: string) =>
      postJson(app, '/api/ingest/readings', body, { headers: { Authorization: `Bearer ${k}` } });
    expect((await withKey(key.key)).status).toBe(202);
    const wrong = await withKey(`${key.key}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: { message: 'Unknown or revoked device key' },
    });

    const revoked = await app.request(`/api/device-keys/${key.id}`, {
      method: 'DELETE',
      headers: { Cookie: admin, Origin: 'http://localhost:3000' },
    });
    expect(revoked.status).toBe(204);
    expect((await withKey(key.key)).status).toBe(401);
  });

  it('keeps device keys to admins and a city-bound key to its city', async () => {
    expect(
      (await postJson(app, '/api/device-keys', { name: 'x' }, { cookie: operator })).status,
    ).toBe(403);
    const created = await postJson(
      app,
      '/api/device-keys',
      { name: 'Kolkata only', city: 'kolkata' },
      { cookie: admin },
    );
    const { key } = (await created.json()) as { key: string };
    const res = await postJson(
      app,
      '/api/ingest/readings',
      { readings: [{ sensorId: NY_TRAFFIC, value: 20 }] },
      { headers: { Authorization: `Bearer ${key}` } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { details: [{ index: 0, message: `sensor "${NY_TRAFFIC}" is not in kolkata` }] },
    });
  });

  it('announces stored readings, new alerts and new counts only after the commit', async () => {
    seen.length = 0;
    const res = await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: NY_TRAFFIC, value: 91, timestamp: '2026-03-02T10:00:00Z' },
          { sensorId: NY_TRAFFIC, value: 93, timestamp: '2026-03-02T10:00:05Z' },
        ],
      },
      { cookie: operator },
    );
    expect(res.status).toBe(202);
    // The counts of a city go out at most once a second: an earlier test's change (a sensor heard
    // for the first time) may hold this one back a moment.
    await expect
      .poll(() => seen.map((s) => s.name), { timeout: 3_000 })
      .toEqual(['readings', 'alert:created', 'stats']);
    expect(seen[0]!.event).toEqual({
      city: 'new-york',
      readings: [
        { sensorId: NY_TRAFFIC, value: 93, unit: '%', timestamp: '2026-03-02T10:00:05.000Z' },
      ],
    });
    const alert = seen[1]!.event as { id: string; severity: string; city: string; title: string };
    expect(alert).toMatchObject({
      severity: 'critical',
      city: 'new-york',
      title: 'High traffic congestion at Times Square',
    });
    // What was announced is what any other reader now sees in the database.
    const row = await database.db
      .selectFrom('alerts')
      .select('id')
      .where('id', '=', alert.id)
      .executeTakeFirst();
    expect(row).toBeDefined();
    expect(seen[2]!.event).toMatchObject({ city: 'new-york', alerts: 1, criticalAlerts: 1 });
  });

  it('announces nothing for a refused batch', async () => {
    seen.length = 0;
    await postJson(
      app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: NY_TRAFFIC, value: 99 },
          { sensorId: 'nope', value: 1 },
        ],
      },
      { cookie: operator },
    );
    expect(seen).toEqual([]);
  });
});
