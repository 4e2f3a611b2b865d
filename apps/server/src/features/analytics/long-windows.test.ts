import { analyticsSeriesSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { tablesRead } from '../../test/query-plan';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';
import { cityPeriodsQuery } from './analytics.repository';

const DAY = 86_400_000;
const HOUR = 3_600_000;

// A city's month and year: one row per hour or day from the cities' own rollups.
describe.each(testDatabases())("a city's month and year on $kind", ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let citizen: string;

  beforeAll(async () => {
    database = await create();
    ({ app, services, citizen } = await createTestAppWithCallers(database, {
      alertOnDelay: 'off',
    }));
  });
  afterAll(() => database?.dispose());

  const series = async (window: string) => {
    const res = await app.request(
      `/api/analytics/series?city=kharagpur&metric=energy&window=${window}`,
      { headers: { Cookie: citizen } },
    );
    expect(res.status).toBe(200);
    return analyticsSeriesSchema.parse(await res.json());
  };

  it('sums each sensor’s mean of an hour and of a day, readings that came late included', async () => {
    const energy = await database.db
      .selectFrom('sensors')
      .select('id')
      .where('city_key', '=', 'kharagpur')
      .where('type', '=', 'energy')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(energy).toHaveLength(2);
    const marks = await database.db
      .selectFrom('readings_fold')
      .select(['days_below'])
      .executeTakeFirstOrThrow();
    // Three hours into yesterday: an hour and a day built already.
    const hour = new Date(new Date(marks.days_below).getTime() - DAY + 3 * HOUR);
    const at = (m: number) => new Date(hour.getTime() + m * 60_000).toISOString();
    await services.ingest.ingest([
      { sensorId: energy[0]!.id, value: 100, timestamp: at(5) },
      { sensorId: energy[0]!.id, value: 200, timestamp: at(35) },
      { sensorId: energy[1]!.id, value: 50, timestamp: at(10) },
    ]);
    await services.readingsFold.now();
    const month = await series('30d');
    expect(month.bucketS).toBe(3_600);
    // Energy is a total: each sensor's mean of the hour (150 and 50), summed.
    expect(month.points.find((p) => p.timestamp === hour.toISOString())?.value).toBe(200);
    const year = await series('1y');
    expect(year.bucketS).toBe(86_400);
    const day = new Date(new Date(marks.days_below).getTime() - DAY).toISOString();
    expect(year.points.find((p) => p.timestamp === day)?.value).toBe(200);
  });

  it('reads only the cities’ rollups, no raw readings and no sensor’s rollup', async () => {
    for (const level of ['hourly', 'daily'] as const) {
      const tables = await tablesRead(
        database.db,
        cityPeriodsQuery({
          cities: ['kolkata'],
          type: 'traffic',
          from: new Date(Date.now() - 365 * DAY),
          to: new Date(),
          level,
        }),
      );
      expect(tables).toEqual([`city_readings_${level}`]);
    }
  });
});
