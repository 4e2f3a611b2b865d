import {
  analyticsAnomaliesSchema,
  analyticsComparisonSchema,
  analyticsForecastSchema,
  analyticsSeriesSchema,
  apiErrorSchema,
  cityOverviewSchema,
} from '@smart-city/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBuiltPeriods } from '../../db/rollups.repository';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

// Tuesday 2026-03-10 12:00 UTC.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe.each(testDatabases())('city analytics on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let citizen: string;

  /** The seeded sensors of a city and type, in id order. */
  async function allOf(city: string, type: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('sensors')
      .select('id')
      .where('city_key', '=', city)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The first two seeded sensors of a city and type; the others send nothing. */
  async function sensorsOf(city: string, type: string): Promise<[string, string]> {
    const ids = await allOf(city, type);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    return [ids[0]!, ids[1]!];
  }

  /**
   * One minute rollup holding exactly these readings, added to its built quarter-hour, hour and day
   * (the sensor's and its city's) as the fold adds a late minute: this clock is before the database's.
   */
  async function rollup(sensorId: string, minute: Date, values: number[]) {
    await sql`
      with added as (
        insert into sensor_readings_minute (sensor_id, minute, min, max, sum, count)
        values (${sensorId}, ${minute}, ${Math.min(...values)}, ${Math.max(...values)},
          ${values.reduce((s, v) => s + v, 0)}, ${values.length})
        returning sensor_id, minute, min, max, sum, count
      )${addToBuiltPeriods('added')}
      select 1`.execute(database.db);
  }

  async function get(path: string, cookie: string | null = citizen) {
    return app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  }
  async function getOk(path: string) {
    const res = await get(path);
    expect(res.status, `${path} → ${res.status}`).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    database = await create();
    ({ app, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => new Date(NOW),
    }));
  });
  afterAll(() => database?.dispose());

  it('answers 401 to callers who are not signed in', async () => {
    for (const path of [
      '/api/analytics/overview?city=kolkata',
      '/api/analytics/series?city=kolkata&metric=traffic',
      '/api/analytics/compare?metric=traffic',
      '/api/analytics/forecast?city=kolkata&metric=traffic',
      '/api/analytics/anomalies?city=kolkata&metric=traffic',
    ]) {
      const res = await get(path, null);
      expect(res.status, path).toBe(401);
      expect(apiErrorSchema.parse(await res.json()).error.code).toBe('unauthorized');
    }
  });

  it('answers 400 naming the failing field for an unknown city, metric or window', async () => {
    const cases: [string, string][] = [
      ['/api/analytics/overview?city=atlantis', 'city'],
      ['/api/analytics/overview', 'city'],
      ['/api/analytics/series?city=kolkata&metric=rain', 'metric'],
      ['/api/analytics/series?city=kolkata&metric=traffic&window=2h', 'window'],
      ['/api/analytics/compare?metric=traffic&window=2y', 'window'],
      ['/api/analytics/forecast?city=gotham&metric=traffic', 'city'],
      ['/api/analytics/anomalies?city=kolkata&metric=noise', 'metric'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const body = apiErrorSchema.parse(await res.json());
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details, path).toEqual([expect.objectContaining({ path: field })]);
    }
  });

  it('answers empty figures, not errors, where there are no readings', async () => {
    const overview = cityOverviewSchema.parse(await getOk('/api/analytics/overview?city=new-york'));
    expect(overview.metrics.map((m) => m.metric)).toEqual([
      'traffic',
      'air_quality',
      'energy',
      'water',
      'waste',
      'population',
    ]);
    for (const m of overview.metrics)
      expect(m).toMatchObject({
        value: null,
        yesterday: null,
        changePct: null,
        sensors: 0,
        // The sites are monitored, even before they report.
        monitored: (await allOf('new-york', m.metric)).length,
        details: {},
      });
    expect(overview.metrics.find((m) => m.metric === 'energy')!.unit).toBe('MW');

    const series = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=new-york&metric=energy&window=7d'),
    );
    expect(series).toMatchObject({ window: '7d', bucketS: 900, unit: 'MW', points: [] });

    const anomalies = analyticsAnomaliesSchema.parse(
      await getOk('/api/analytics/anomalies?city=new-york&metric=water'),
    );
    expect(anomalies).toMatchObject({
      window: '24h',
      mean: null,
      stdDev: null,
      anomalies: [],
      threshold: 3,
    });

    const compare = analyticsComparisonSchema.parse(
      await getOk('/api/analytics/compare?metric=population&window=30d'),
    );
    expect(compare.bucketS).toBe(3_600);
    expect(compare.cities.map((c) => c.city)).toEqual(['kolkata', 'kharagpur', 'new-york']);
    for (const c of compare.cities)
      expect(c).toMatchObject({
        monitored: (await allOf(c.city, 'population')).length,
        average: null,
        min: null,
        max: null,
        latest: null,
        points: [],
      });

    const forecast = analyticsForecastSchema.parse(
      await getOk('/api/analytics/forecast?city=new-york&metric=traffic'),
    );
    expect(forecast).toMatchObject({
      model: null,
      historyHours: 0,
      backtest: null,
      forecast: [],
      history: [],
    });
  });

  it('buckets an average metric as the reading-weighted mean with the spread of the readings', async () => {
    const [a, b] = await sensorsOf('kolkata', 'waste');
    // Before the 24 h window (it starts at 2026-03-09T12:00Z): left out.
    await rollup(a, at('2026-03-09T11:59:00Z'), [99]);
    // Bucket 12:00–12:05 yesterday: a has 3 + 1 readings, b has 2.
    await rollup(a, at('2026-03-09T12:00:00Z'), [8, 10, 12]);
    await rollup(a, at('2026-03-09T12:01:00Z'), [20]);
    await rollup(b, at('2026-03-09T12:04:00Z'), [25, 35]);
    // Bucket 12:05–12:10: only b.
    await rollup(b, at('2026-03-09T12:07:00Z'), [50]);
    // The current minute is in the window.
    await rollup(a, at('2026-03-10T12:00:00Z'), [70]);

    const series = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=waste&window=24h'),
    );
    expect(series).toMatchObject({ city: 'kolkata', metric: 'waste', unit: '%', bucketS: 300 });
    expect(series.points).toEqual([
      { timestamp: '2026-03-09T12:00:00.000Z', value: 110 / 6, min: 8, max: 35 },
      { timestamp: '2026-03-09T12:05:00.000Z', value: 50, min: 50, max: 50 },
      { timestamp: '2026-03-10T12:00:00.000Z', value: 70, min: 70, max: 70 },
    ]);

    // The week's 15-minute buckets join the first two.
    const week = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=waste&window=7d'),
    );
    expect(week.points[0]).toEqual({
      timestamp: '2026-03-09T11:45:00.000Z',
      value: 99,
      min: 99,
      max: 99,
    });
    expect(week.points[1]).toEqual({
      timestamp: '2026-03-09T12:00:00.000Z',
      value: 160 / 7,
      min: 8,
      max: 50,
    });
    expect(week.points).toHaveLength(3);

    const compare = analyticsComparisonSchema.parse(
      await getOk('/api/analytics/compare?metric=waste&window=24h'),
    );
    const kolkata = compare.cities.find((c) => c.city === 'kolkata')!;
    expect(kolkata.points).toEqual(series.points);
    expect(kolkata).toMatchObject({
      average: (110 / 6 + 50 + 70) / 3,
      min: 110 / 6,
      max: 70,
      latest: 70,
    });
    expect(compare.cities.find((c) => c.city === 'kharagpur')!.average).toBeNull();
  });

  it('buckets a total metric as the sum of each sensor’s mean, min and max', async () => {
    const [a, b] = await sensorsOf('kolkata', 'energy');
    // a reports four readings (mean 12.5), b two (mean 30): each sensor counts once.
    await rollup(a, at('2026-03-10T11:10:00Z'), [8, 10, 12]);
    await rollup(a, at('2026-03-10T11:11:00Z'), [20]);
    await rollup(b, at('2026-03-10T11:12:00Z'), [25, 35]);

    const series = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=energy&window=24h'),
    );
    expect(series.points).toEqual([
      { timestamp: '2026-03-10T11:10:00.000Z', value: 42.5, min: 33, max: 55 },
    ]);
    // The hour's minute buckets keep them apart.
    const hour = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=energy&window=1h'),
    );
    expect(hour.bucketS).toBe(60);
    expect(hour.points.map((p) => [p.timestamp.slice(11, 16), p.value])).toEqual([
      ['11:10', 10],
      ['11:11', 20],
      ['11:12', 30],
    ]);
  });

  it('compares the current figure with the same 15 minutes yesterday, with secondary figures', async () => {
    const [t1, t2] = await sensorsOf('kharagpur', 'traffic');
    const [e1, e2] = await sensorsOf('kharagpur', 'energy');
    const [a1, a2] = await sensorsOf('kharagpur', 'air_quality');
    const setLatest = async (id: string, value: number, status = 'active') => {
      await database.db.updateTable('sensors').set({ status }).where('id', '=', id).execute();
      await database.db
        .updateTable('sensor_latest')
        .set({ value, last_reading: new Date(NOW - 5_000) })
        .where('sensor_id', '=', id)
        .execute();
    };
    await setLatest(t1, 60);
    await setLatest(t2, 40);
    await setLatest(e1, 10);
    // An offline sensor's last value is stale: it does not count now.
    await setLatest(e2, 99, 'offline');
    await setLatest(a1, 120);
    await setLatest(a2, 80);
    // A sensor taken out of service is no longer one of the monitored sites.
    const traffic = await allOf('kharagpur', 'traffic');
    await database.db
      .updateTable('sensors')
      .set({ status: 'inactive' })
      .where('id', '=', traffic[traffic.length - 1]!)
      .execute();

    // Yesterday 11:45–12:00; 11:44 and 12:00 lie outside.
    await rollup(t1, at('2026-03-09T11:44:00Z'), [1000]);
    await rollup(t1, at('2026-03-09T11:50:00Z'), [30, 50]);
    await rollup(t2, at('2026-03-09T11:59:00Z'), [40]);
    await rollup(t2, at('2026-03-09T12:00:00Z'), [1000]);
    await rollup(e1, at('2026-03-09T11:46:00Z'), [8]);
    await rollup(e2, at('2026-03-09T11:47:00Z'), [11, 13]);

    // The secondary figures average each sensor's latest reading, kept with its value by the fold.
    const latestMetadata = (sensorId: string, metadata: Record<string, unknown>) =>
      database.db
        .updateTable('sensor_latest')
        .set({ reading_metadata: JSON.stringify(metadata) })
        .where('sensor_id', '=', sensorId)
        .execute();
    await latestMetadata(a1, { pm25: 30, no2: 20 });
    await latestMetadata(a2, { pm25: 50, no2: 'n/a' });

    const overview = cityOverviewSchema.parse(
      await getOk('/api/analytics/overview?city=kharagpur'),
    );
    expect(overview.city).toBe('kharagpur');
    expect(overview.generatedAt).toBe(new Date(NOW).toISOString());
    const card = (metric: string) => overview.metrics.find((m) => m.metric === metric)!;
    expect(card('traffic')).toMatchObject({
      unit: '%',
      value: 50,
      yesterday: 40,
      changePct: 25,
      sensors: 2,
      compared: 2,
      monitored: traffic.length - 1,
      details: {},
    });
    // The offline feeder is still one of the monitored ones; it does not count in the figure, nor
    // in yesterday's side of the trend: the load of the one feeder that counts went from 8 to 10,
    // not from the 20 of two feeders to the 10 of one.
    expect(card('energy')).toMatchObject({
      value: 10,
      yesterday: 8,
      changePct: 25,
      sensors: 1,
      compared: 1,
      monitored: (await allOf('kharagpur', 'energy')).length,
    });
    expect(card('air_quality')).toMatchObject({
      value: 100,
      yesterday: null,
      changePct: null,
      sensors: 2,
      details: { pm25: 40, no2: 20 },
    });
    expect(card('water')).toMatchObject({ value: null, sensors: 0, details: {} });
  });

  it('lists the buckets that lie three standard deviations from the mean', async () => {
    const [a] = await sensorsOf('kharagpur', 'waste');
    for (let i = 0; i < 60; i++)
      await rollup(a, new Date(NOW - (60 - i) * 60_000), [i === 30 ? 100 : 10]);
    const result = analyticsAnomaliesSchema.parse(
      await getOk('/api/analytics/anomalies?city=kharagpur&metric=waste&window=1h'),
    );
    expect(result.mean).toBeCloseTo(11.5, 10);
    expect(result.stdDev).toBeCloseTo(Math.sqrt(132.75), 10);
    expect(result.anomalies).toEqual([
      {
        timestamp: new Date(NOW - 30 * 60_000).toISOString(),
        value: 100,
        zScore: expect.closeTo(88.5 / Math.sqrt(132.75), 10),
      },
    ]);
  });

  it('fits no model on under 48 hours of history, and a backtested one on more', async () => {
    const [p1] = await sensorsOf('kharagpur', 'population');
    const hourStart = NOW; // 12:00 exactly
    for (let h = 1; h <= 47; h++) await rollup(p1, new Date(hourStart - h * HOUR), [1000 + h]);
    // The current hour is still filling and does not count.
    await rollup(p1, new Date(hourStart), [5]);
    const short = analyticsForecastSchema.parse(
      await getOk('/api/analytics/forecast?city=kharagpur&metric=population'),
    );
    expect(short).toMatchObject({ model: null, historyHours: 47, backtest: null, forecast: [] });
    expect(short.history).toHaveLength(47);

    const [, p2] = await sensorsOf('new-york', 'population');
    // Four days of a clean daily cycle in New York.
    for (let h = 1; h <= 96; h++) {
      const t = hourStart - h * HOUR;
      await rollup(p2, new Date(t), [
        Math.round(3000 + 1000 * Math.sin((2 * Math.PI * (t / HOUR)) / 24)),
      ]);
    }
    const full = analyticsForecastSchema.parse(
      await getOk('/api/analytics/forecast?city=new-york&metric=population'),
    );
    expect(full.historyHours).toBe(96);
    expect(full.model).not.toBeNull();
    expect(full.backtest).toMatchObject({ hours: 24 });
    expect(full.backtest!.mae).toBeLessThan(5);
    expect(full.forecast).toHaveLength(24);
    expect(full.forecast[0]!.timestamp).toBe(new Date(hourStart).toISOString());
    expect(full.forecast[23]!.timestamp).toBe(new Date(hourStart + 23 * HOUR).toISOString());
    for (const [i, f] of full.forecast.entries()) {
      const t = hourStart + i * HOUR;
      expect(
        Math.abs(f.value - (3000 + 1000 * Math.sin((2 * Math.PI * (t / HOUR)) / 24))),
      ).toBeLessThan(5);
      expect(f.lower).toBeLessThanOrEqual(f.value);
      expect(f.upper).toBeGreaterThanOrEqual(f.value);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    for (const name of ['overview', 'series', 'compare', 'forecast', 'anomalies']) {
      const op = doc.paths[`/api/analytics/${name}`]?.get;
      expect(op, name).toBeDefined();
      expect(op!.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    }
  });
});
