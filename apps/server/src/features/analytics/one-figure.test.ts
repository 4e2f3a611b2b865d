import { analyticsSeriesSchema, cityOverviewSchema, homeSummarySchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:05 UTC (15:35 in Kolkata).
const NOW = Date.parse('2026-11-21T10:05:00Z');
const MINUTE = 60_000;

/**
 * The dashboard, the analytics page and a citizen's panel state the same figures of a city, so
 * the three answers for one city, metric and window are read side by side here.
 */
describe.each(testDatabases())('one figure, one number on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let citizen: string;

  async function idsOf(type: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('sensors')
      .select('id')
      .where('city_key', '=', 'kolkata')
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async function rollup(sensorId: string, minute: number, values: number[]) {
    await database.db
      .insertInto('sensor_readings_minute')
      .values({
        sensor_id: sensorId,
        minute: new Date(minute),
        min: Math.min(...values),
        max: Math.max(...values),
        sum: values.reduce((s, v) => s + v, 0),
        count: values.length,
      })
      .execute();
  }

  async function getOk(path: string): Promise<unknown> {
    const res = await app.request(path, { headers: { Cookie: citizen } });
    expect(res.status, path).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    database = await create();
    ({ app, citizen } = await createTestAppWithCallers(database, {
      pipelineNow: () => new Date(NOW),
    }));
  });
  afterAll(() => database?.dispose());

  it("states the 24 hours' lowest and highest alike on the dashboard and the analytics page, and the band reaches them", async () => {
    const [a, b] = await idsOf('traffic');
    // Outside the window (a day and a minute ago): neither the lowest nor the highest.
    await rollup(a!, NOW - 24 * 60 * MINUTE - MINUTE, [1, 99]);
    // Inside: one bucket's mean is 50, but its single readings reach 12 and 88.
    await rollup(a!, NOW - 6 * 60 * MINUTE, [12, 88]);
    await rollup(b!, NOW - 6 * 60 * MINUTE, [50]);
    await rollup(a!, NOW - 60 * MINUTE, [30, 40]);
    // The current minute counts.
    await rollup(b!, NOW - 30_000, [64]);

    // The dashboard's traffic trend and the analytics page ask for the same city, metric and
    // window; each reads the figures the server states, never its own sum of the points.
    const dashboard = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=traffic&window=24h'),
    );
    const analytics = analyticsSeriesSchema.parse(
      await getOk('/api/analytics/series?city=kolkata&metric=traffic'),
    );
    expect(analytics.summary).toEqual(dashboard.summary);
    expect(dashboard.summary).toMatchObject({
      timeZone: 'Asia/Kolkata',
      to: new Date(NOW).toISOString(),
      min: 12,
      max: 88,
      latest: 64,
    });
    // The window starts at the first five-minute boundary a day ago.
    expect(Date.parse(dashboard.summary.from)).toBe(NOW - 24 * 60 * MINUTE);
    // The shaded band's bottom and top are the stated lowest and highest.
    expect(Math.min(...analytics.points.map((p) => p.min))).toBe(analytics.summary.min);
    expect(Math.max(...analytics.points.map((p) => p.max))).toBe(analytics.summary.max);
    // Bucket means 50 (12, 88, 50), 35 (30, 40) and 64, each bucket weighing the same.
    expect(analytics.summary.average).toBeCloseTo((50 + 35 + 64) / 3, 10);
  });

  it("gives a citizen's air card the dashboard figures card's AQI", async () => {
    const air = await idsOf('air_quality');
    expect(air.length).toBeGreaterThanOrEqual(3);
    // Values whose median (100) and mean (121) differ, so two ways of making them would show.
    const values = air.map((_, i) => (i === 0 ? 100 + 21 * air.length : 100));
    for (const [i, id] of air.entries()) {
      await database.db
        .updateTable('sensors')
        .set({ status: 'active' })
        .where('id', '=', id)
        .execute();
      await database.db
        .updateTable('sensor_latest')
        .set({ value: values[i]!, last_reading: new Date(NOW - 5_000) })
        .where('sensor_id', '=', id)
        .execute();
    }
    const mean = values.reduce((s, v) => s + v, 0) / values.length;

    const overview = cityOverviewSchema.parse(await getOk('/api/analytics/overview?city=kolkata'));
    const card = overview.metrics.find((m) => m.metric === 'air_quality')!;
    const panel = homeSummarySchema.parse(await getOk('/api/home?city=kolkata'));

    expect(card.value).toBeCloseTo(mean, 10);
    expect(panel.air).toMatchObject({ scope: 'city', aqi: Math.round(card.value!) });
    expect(panel.air.sensors).toBe(card.sensors);
  });
});
