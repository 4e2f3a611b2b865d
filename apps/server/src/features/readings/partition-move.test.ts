import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrator';
import { seedReferenceData } from '../../db/seed';
import { testDatabases } from '../../test/databases';
import { createTestEvents, createTestServices } from '../../test/test-app';
import { moveReadingsIntoPartitions } from './partition-move';

const DAY = 86_400_000;

/** Every stored row of every sensor's history, in one order, as plain values. */
async function history(db: Kysely<never>) {
  const raw = await sql<Record<string, unknown>>`
    select sensor_id, "timestamp", value, unit, metadata, xact::text as xact
    from sensor_data order by sensor_id, "timestamp"`.execute(db);
  const minutes = await sql<Record<string, unknown>>`
    select sensor_id, minute, min, max, sum, count from sensor_readings_minute
    order by sensor_id, minute`.execute(db);
  const quarters = await sql<Record<string, unknown>>`
    select sensor_id, quarter, min, max, sum, count from sensor_readings_quarter
    order by sensor_id, quarter`.execute(db);
  const plain = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
      ),
    );
  return { raw: plain(raw.rows), minutes: plain(minutes.rows), quarters: plain(quarters.rows) };
}

describe.each(testDatabases())(
  'an existing database migrating to partitions on $kind',
  ({ create }) => {
    let database: Awaited<ReturnType<typeof create>>;
    const logged: { msg: string; partition?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(JSON.parse(chunk.toString()) as { msg: string });
          done();
        },
      }),
    );

    beforeAll(async () => {
      database = await create({ empty: true });
      // The schema as the release before partitions left it, with its sensors.
      await migrateTo(database.db, '0029-kept-counts');
      await seedReferenceData(database.db);
    });
    afterAll(() => database?.dispose());

    it("keeps every sensor's readings and rollups, moving them in batches with progress", async () => {
      const db = database.db as unknown as Kysely<never>;
      const now = Date.now();
      const sensors = await sql<{ id: string }>`
      select id from sensors order by id limit 12`.execute(db);
      const ids = sensors.rows.map((r) => r.id);
      // Three days of history every 10 minutes, written with its rollups (as simulated history is),
      // and the last minutes' readings not folded yet.
      await sql`
      insert into sensor_data (sensor_id, value, unit, "timestamp", metadata, xact)
      select id, round((random() * 90)::numeric, 2), '%', t,
        case when extract(minute from t) = 0 then '{"pm25": 12}'::jsonb end, 0
      from unnest(${ids}::text[]) as id,
        generate_series(${new Date(now - 3 * DAY)}::timestamptz, ${new Date(now - 30 * 60_000)},
          interval '10 minutes') as t`.execute(db);
      await sql`
      insert into sensor_readings_minute (sensor_id, minute, min, max, sum, count)
      select sensor_id, date_trunc('minute', "timestamp"), min(value), max(value), sum(value),
        count(*)::int
      from sensor_data group by 1, 2`.execute(db);
      await sql`
      insert into sensor_readings_quarter (sensor_id, quarter, min, max, sum, count)
      select sensor_id, date_bin('15 minutes', minute, timestamptz 'epoch'), min(min), max(max),
        sum(sum), sum(count)::int
      from sensor_readings_minute
      where minute < (select quarters_below from readings_fold where id = 1)
      group by 1, 2`.execute(db);
      await sql`
      insert into sensor_data (sensor_id, value, unit, "timestamp")
      select id, 50, '%', ${new Date(now - 60_000)}::timestamptz
      from unnest(${ids}::text[]) as id`.execute(db);
      const before = await history(db);
      expect(before.raw.length).toBeGreaterThan(12 * 400);

      await migrateToLatest(database.db);
      await moveReadingsIntoPartitions(database.db, logger);

      expect(await history(db)).toEqual(before);
      // In their days' partitions, none left waiting, the old tables gone.
      const stray = await sql<{ n: number }>`
      select count(*)::int as n from sensor_data_default`.execute(db);
      expect(stray.rows[0]!.n).toBe(0);
      const old = await sql<{ n: number }>`
      select count(*)::int as n from pg_class where relname like '%\\_unpartitioned'`.execute(db);
      expect(old.rows[0]!.n).toBe(0);
      const moved = logged.filter((l) => l.msg === 'readings moved into their partition');
      expect(moved.length).toBeGreaterThanOrEqual(3);
      expect(moved.some((l) => l.partition?.startsWith('sensor_data_p'))).toBe(true);

      // The hours and days built from the quarter-hours hold the same readings.
      const totals = await sql<{ quarters: number; hours: number }>`
      select
        (select sum(count)::int from sensor_readings_quarter
          where quarter < (select hours_below from readings_fold)) as quarters,
        (select sum(count)::int from sensor_readings_hourly) as hours`.execute(db);
      expect(totals.rows[0]!.hours).toBe(totals.rows[0]!.quarters);

      // Each sensor's history reads as before: the unfolded readings fold, the windows answer.
      const services = createTestServices(database, { events: createTestEvents() });
      await services.readingsFold.now();
      for (const id of ids) {
        const day = await services.readings.history(id, '24h');
        expect(day.points.length).toBeGreaterThan(100);
        const year = await services.readings.history(id, '1y');
        expect(year.points.length).toBeGreaterThanOrEqual(3);
      }
    });
  },
);
