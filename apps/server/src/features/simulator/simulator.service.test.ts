import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../test/databases';
import { seededRandom } from '../../test/seeded-random';
import { createTestEvents, createTestServices, silentLogger } from '../../test/test-app';
import { BACKFILL_STEP_MS, createSimulator } from './simulator.service';

// Tuesday 2026-03-10 12:00 UTC.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const now = () => new Date(NOW);
const DAY = 86_400_000;

describe.each(testDatabases())('simulated history on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>> | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function setUp() {
    database = await create();
    const db = database.db;
    const services = createTestServices(database, { events: createTestEvents(), pipelineNow: now });
    const simulator = (backfillDays?: number) =>
      createSimulator({
        db,
        sensors: services.sensors,
        ingest: services.ingest,
        logger: silentLogger,
        random: seededRandom(11),
        now,
        intervalMs: 60_000,
        backfillDays,
      });
    const count = async (table: 'sensor_readings_minute' | 'sensor_data' | 'alerts') =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db))
          .rows[0]!.n,
      );
    return { db, services, simulator, count };
  }

  it(
    'writes days of history into the rollups once, the last day raw too, raising no alert',
    { timeout: 90_000 },
    async () => {
      const { db, simulator, count } = await setUp();
      const sensors = Number(
        (await sql<{ n: string }>`select count(*) as n from sensors`.execute(db)).rows[0]!.n,
      );
      expect(sensors).toBeGreaterThan(30);

      const first = await simulator().backfill(3);
      const perSensor = (3 * DAY) / BACKFILL_STEP_MS;
      expect(first).toMatchObject({ written: true, readings: perSensor * sensors });
      expect(await count('sensor_readings_minute')).toBe(perSensor * sensors);
      expect(await count('sensor_data')).toBe((DAY / BACKFILL_STEP_MS) * sensors);
      const span = (
        await sql<{ first: Date; last: Date; counts: number[] }>`
        select min(minute) as first, max(minute) as last, array_agg(distinct count) as counts
        from sensor_readings_minute`.execute(db)
      ).rows[0]!;
      expect(new Date(span.first).toISOString()).toBe(new Date(NOW - 3 * DAY).toISOString());
      expect(new Date(span.last).toISOString()).toBe(
        new Date(NOW - BACKFILL_STEP_MS).toISOString(),
      );
      expect(span.counts).toEqual([1]);
      // Ingest never saw it: no alert, no latest value.
      expect(await count('alerts')).toBe(0);
      const withValue = await db
        .selectFrom('sensor_latest')
        .select('sensor_id')
        .where('value', 'is not', null)
        .execute();
      expect(withValue).toEqual([]);

      // Never twice, even from another simulator.
      expect(await simulator().backfill(3)).toMatchObject({ written: false, readings: 0 });
      expect(await count('sensor_readings_minute')).toBe(perSensor * sensors);
    },
  );

  // Writing days of history takes seconds on a busy machine.
  it(
    'follows the city shapes: Kolkata rush hours above its nights, New York air cleaner',
    { timeout: 90_000 },
    async () => {
      const { db, services, simulator } = await setUp();
      await simulator().backfill(3);
      const mean = async (type: string, city: string, from: number, to: number) => {
        const row = (
          await sql<{ v: number }>`
          select avg(m.sum / m.count) as v
          from sensor_readings_minute m join sensors s on s.id = m.sensor_id
          join cities c on c.key = s.city_key
          where s.type = ${type} and s.city_key = ${city}
            and extract(hour from m.minute at time zone c.time_zone) >= ${from}
            and extract(hour from m.minute at time zone c.time_zone) < ${to}
            and extract(isodow from m.minute at time zone c.time_zone) < 6`.execute(db)
        ).rows[0]!;
        return Number(row.v);
      };
      const rush = await mean('traffic', 'kolkata', 9, 11);
      const night = await mean('traffic', 'kolkata', 0, 5);
      expect(rush).toBeGreaterThan(60);
      expect(night).toBeLessThan(25);
      expect(await mean('air_quality', 'new-york', 0, 24)).toBeLessThan(
        await mean('air_quality', 'kolkata', 0, 24),
      );
      // The analytics see it all, and can forecast from it.
      const { analytics } = services;
      const week = await analytics.series('kolkata', 'traffic', '7d');
      expect(week.points).toHaveLength((3 * DAY) / (15 * 60_000));
      const forecast = await analytics.forecast('kolkata', 'energy');
      expect(forecast.historyHours).toBe(3 * 24);
      expect(forecast.model).not.toBeNull();
      expect(forecast.forecast).toHaveLength(24);
    },
  );

  it('never writes over readings that exist', async () => {
    const { simulator, count } = await setUp();
    await simulator().tick();
    const live = await count('sensor_data');
    expect(live).toBeGreaterThan(0);
    expect(await simulator().backfill(2)).toMatchObject({ written: false });
    expect(await count('sensor_data')).toBe(live);
  });

  it(
    'starts with the history, then carries on live; with 0 days it writes none',
    { timeout: 90_000 },
    async () => {
      const { db, simulator, count } = await setUp();
      const off = simulator(0);
      off.start();
      await vi.waitFor(async () => expect(await count('sensor_data')).toBeGreaterThan(0));
      await off.stop();
      expect(await count('sensor_readings_minute')).toBeLessThan(40);

      await sql`delete from sensor_data`.execute(db);
      await sql`delete from sensor_readings_minute`.execute(db);
      await sql`update sensor_latest set value = null, last_reading = null`.execute(db);
      const on = simulator(1);
      on.start();
      // Live rounds begin once the history has claimed the database, while the rest is written.
      await vi.waitFor(
        async () => {
          expect(await count('sensor_readings_minute')).toBeGreaterThanOrEqual(288 * 36);
          const live = await db
            .selectFrom('sensor_latest')
            .select('sensor_id')
            .where('value', 'is not', null)
            .execute();
          expect(live.length).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 200 },
      );
      await on.stop();
    },
  );
});

describe.each(testDatabases())('the simulator over a large registry on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>> | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('visits the registry in turn at its pace, every sensor once per lap', async () => {
    database = await create();
    const services = createTestServices(database, { events: createTestEvents(), pipelineNow: now });
    await services.sensors.register(
      Array.from({ length: 1_200 }, (_, i) => ({
        id: `new-york-extra-${String(i).padStart(4, '0')}`,
        name: `Extra counter ${i}`,
        type: 'population',
        city: 'new-york',
        location: 'Extra block',
        lat: 40.7 + (i % 30) * 0.001,
        lng: -73.99 + Math.floor(i / 30) * 0.001,
        unit: 'people',
      })),
    );
    const registry = Number(
      (await sql<{ n: string }>`select count(*) as n from sensors`.execute(database.db)).rows[0]!.n,
    );
    // 100 readings a second over 5 s rounds: 500 sensors a round.
    const simulator = createSimulator({
      db: database.db,
      sensors: services.sensors,
      ingest: services.ingest,
      logger: silentLogger,
      random: seededRandom(3),
      now,
      intervalMs: 5_000,
      readingsPerS: 100,
    });
    const reported = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from sensor_latest where last_reading is not null`.execute(
            database!.db,
          )
        ).rows[0]!.n,
      );
    const sent = [];
    for (let round = 0; round < Math.ceil(registry / 500); round++)
      sent.push(await simulator.tick());
    // Faults may silence a few sensors for a while; the rest report, each round about 500.
    expect(sent.every((n) => n > 450 && n <= 500)).toBe(true);
    await services.ingest.foldNow();
    expect(await reported()).toBeGreaterThan(registry * 0.97);
    const rows = Number(
      (await sql<{ n: string }>`select count(*) as n from sensor_data`.execute(database.db))
        .rows[0]!.n,
    );
    expect(rows).toBe(sent.reduce((a, b) => a + b, 0));
  });
});
