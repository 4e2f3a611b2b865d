import { sensorSchema } from '@smart-city/shared';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
} from '../../test/test-app';

const TRAFFIC = 'kolkata-traffic-howrah-bridge';
const WASTE = 'kolkata-waste-park-street';
const OFFLINE_ONE = 'kharagpur-traffic-nh16-crossing';
const HOUR = 3_600_000;

describe.each(testDatabases())('folding stored readings on $kind', ({ kind, create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  const updates: { id: string; status?: string }[] = [];
  // The services' clock. It starts where the database's fold stands (the quarter-hours built up to
  // the moment it was migrated) and only moves on, as a real clock does.
  let clock: Date;

  beforeAll(async () => {
    database = await create();
    const fold = await sql<{ since: Date }>`
      select quarters_below as since from readings_fold where id = 1`.execute(database.db);
    clock = new Date(new Date(fold.rows[0]!.since).getTime() + 5 * 60_000);
    const events = createTestEvents();
    events.on('sensor:updated', (e) => updates.push(e));
    // Folded by hand in these tests, never on their own in the middle of one.
    context = await createTestAppWithCallers(database, {
      events,
      foldMinGapMs: HOUR,
      pipelineNow: () => clock,
    });
  });
  afterAll(() => database?.dispose());

  const sensor = async (id: string) =>
    sensorSchema.parse(
      await (
        await context.app.request(`/api/sensors/${id}`, { headers: { Cookie: context.operator } })
      ).json(),
    );
  const rollup = async (id: string) =>
    (
      await sql<{ n: number; count: number; sum: number; min: number; max: number }>`
        select count(*)::int as n, coalesce(sum(count), 0)::int as count, sum(sum) as sum,
          min(min) as min, max(max) as max
        from sensor_readings_minute where sensor_id = ${id}`.execute(database.db)
    ).rows[0]!;
  const unfolded = async () =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from sensor_data
        where xact >= (select folded_below from readings_fold)`.execute(database.db)
    ).rows[0]!.n;

  it('applies the batches stored since the last fold to the rollups and the latest values, once', async () => {
    const before = await sensor(TRAFFIC);
    const minute = '2026-11-20T08:15';
    await context.services.ingest.ingest([
      { sensorId: TRAFFIC, value: 41, timestamp: `${minute}:10Z` },
      { sensorId: TRAFFIC, value: 45, timestamp: `${minute}:40Z` },
    ]);
    // Stored and judged, not yet folded: the sensor still shows what it showed.
    expect(await unfolded()).toBe(2);
    expect((await sensor(TRAFFIC)).value).toBe(before.value);

    await context.services.ingest.ingest([
      { sensorId: TRAFFIC, value: 43, timestamp: `${minute}:25Z` },
    ]);
    const folded = await context.services.readingsFold.now();
    expect(folded).toEqual({ readings: 3, sensors: 1 });
    expect(await unfolded()).toBe(0);
    // The newest by its own time wins, whatever order the batches came in.
    expect(await sensor(TRAFFIC)).toMatchObject({
      value: 45,
      lastReading: `${minute}:40.000Z`,
    });
    expect(await rollup(TRAFFIC)).toMatchObject({ n: 1, count: 3, sum: 129, min: 41, max: 45 });

    // Folding again finds nothing: no reading counts twice.
    expect(await context.services.readingsFold.now()).toEqual({ readings: 0, sensors: 0 });
    expect(await rollup(TRAFFIC)).toMatchObject({ count: 3, sum: 129 });
  });

  it('never moves a latest value back in time for a late reading, but counts it in its minute', async () => {
    await context.services.ingest.ingest([
      { sensorId: WASTE, value: 30, timestamp: '2026-11-20T09:00:00Z' },
    ]);
    await context.services.readingsFold.now();
    await context.services.ingest.ingest([
      { sensorId: WASTE, value: 20, timestamp: '2026-11-20T08:00:00Z' },
    ]);
    await context.services.readingsFold.now();
    expect(await sensor(WASTE)).toMatchObject({
      value: 30,
      lastReading: '2026-11-20T09:00:00.000Z',
    });
    expect(await rollup(WASTE)).toMatchObject({ n: 2, count: 2 });
  });

  it('brings an offline sensor that reports back to active, and says so', async () => {
    await sql`update sensors set status = 'offline' where id = ${OFFLINE_ONE}`.execute(database.db);
    await context.services.ingest.ingest([{ sensorId: OFFLINE_ONE, value: 33 }]);
    expect((await sensor(OFFLINE_ONE)).status).toBe('offline');
    await context.services.readingsFold.now();
    expect((await sensor(OFFLINE_ONE)).status).toBe('active');
    expect(updates).toContainEqual(expect.objectContaining({ id: OFFLINE_ONE, status: 'active' }));
  });

  it('builds each quarter-hour once it has ended, and adds later readings of it as they are folded', async () => {
    const quarter = async (id: string, at: string) =>
      (
        await sql<{ count: number; sum: number; min: number; max: number }>`
          select count, sum, min, max from sensor_readings_quarter
          where sensor_id = ${id} and quarter = ${at}`.execute(database.db)
      ).rows[0];
    const SENSOR = 'new-york-traffic-times-square';
    // A quarter that ended long ago: its readings are added to it as they are folded.
    await context.services.ingest.ingest([
      { sensorId: SENSOR, value: 10, timestamp: '2026-11-19T06:01:00Z' },
      { sensorId: SENSOR, value: 30, timestamp: '2026-11-19T06:14:59Z' },
    ]);
    await context.services.readingsFold.now();
    expect(await quarter(SENSOR, '2026-11-19T06:00:00Z')).toEqual({
      count: 2,
      sum: 40,
      min: 10,
      max: 30,
    });

    // The current quarter is built from its minutes once it has ended.
    const start = new Date(Math.floor(clock.getTime() / 900_000) * 900_000 + 900_000);
    clock = new Date(start.getTime() + 60_000);
    const inQuarter = (minute: number) => new Date(start.getTime() + minute * 60_000).toISOString();
    await context.services.ingest.ingest([
      { sensorId: SENSOR, value: 20, timestamp: inQuarter(1) },
      { sensorId: SENSOR, value: 40, timestamp: inQuarter(2) },
    ]);
    await context.services.readingsFold.now();
    expect(await quarter(SENSOR, start.toISOString())).toBeUndefined();
    clock = new Date(start.getTime() + 15 * 60_000);
    await context.services.ingest.ingest([
      { sensorId: SENSOR, value: 60, timestamp: inQuarter(14) },
    ]);
    await context.services.readingsFold.now();
    expect(await quarter(SENSOR, start.toISOString())).toEqual({
      count: 3,
      sum: 120,
      min: 20,
      max: 60,
    });
    // A straggler of the ended quarter joins it; nothing counts twice.
    await context.services.ingest.ingest([{ sensorId: SENSOR, value: 5, timestamp: inQuarter(7) }]);
    await context.services.readingsFold.now();
    expect(await quarter(SENSOR, start.toISOString())).toEqual({
      count: 4,
      sum: 125,
      min: 5,
      max: 60,
    });
  });

  it('keeps a reading past the retention until it has been folded', async () => {
    const old = new Date(clock.getTime() - 400 * 86_400_000).toISOString();
    await context.services.ingest.ingest([{ sensorId: WASTE, value: 55, timestamp: old }]);
    await context.services.readings.applyRetention();
    const stored = await sql<{ n: number }>`
      select count(*)::int as n from sensor_data where sensor_id = ${WASTE} and value = 55`.execute(
      database.db,
    );
    expect(stored.rows[0]!.n).toBe(1);
    await context.services.readingsFold.now();
    await context.services.readings.applyRetention();
    const after = await sql<{ n: number }>`
      select count(*)::int as n from sensor_data where sensor_id = ${WASTE} and value = 55`.execute(
      database.db,
    );
    expect(after.rows[0]!.n).toBe(0);
  });

  it('folds at shutdown what is still waiting, and a new process folds what a stopped one left', async () => {
    await context.services.ingest.ingest([
      { sensorId: TRAFFIC, value: 61, timestamp: '2026-11-20T10:00:00Z' },
    ]);
    await context.services.readingsFold.stop();
    expect(await unfolded()).toBe(0);

    // A process that ended before folding (a crash) leaves its committed rows behind, as written
    // here: the next process folds them.
    await sql`insert into sensor_data (sensor_id, value, unit, "timestamp")
      values (${TRAFFIC}, 62, '%', '2026-11-20T10:00:30Z')`.execute(database.db);
    const next = createTestServices(database, { events: createTestEvents(), foldMinGapMs: HOUR });
    expect(await next.readingsFold.now()).toEqual({ readings: 1, sensors: 1 });
    expect(await sensor(TRAFFIC)).toMatchObject({ value: 62 });
  });

  it.runIf(kind === 'postgres')(
    'counts each reading once while two processes ingest and fold at the same time',
    async () => {
      // A second server process: its own pool and services over the same database.
      const other = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
      });
      try {
        const second = createTestServices(
          { ...database, db: other },
          { events: createTestEvents(), foldMinGapMs: HOUR },
        );
        const first = context.services;
        await first.readingsFold.now();
        const before = await rollup(WASTE);
        const rounds = 20;
        await Promise.all(
          [first, second].map(async (services, p) => {
            for (let i = 0; i < rounds; i++) {
              await services.ingest.ingest([
                {
                  sensorId: WASTE,
                  value: 1,
                  timestamp: `2026-11-21T0${p}:${String(i).padStart(2, '0')}:00Z`,
                },
              ]);
              // Each process folds as it goes, racing the other's batches and folds.
              if (i % 3 === 0) await services.readingsFold.now();
            }
          }),
        );
        await Promise.all([first.readingsFold.now(), second.readingsFold.now()]);
        const after = await rollup(WASTE);
        expect(after.count - before.count).toBe(2 * rounds);
        expect(await unfolded()).toBe(0);
        await second.readingsFold.stop();
      } finally {
        await other.destroy();
      }
    },
  );
});
