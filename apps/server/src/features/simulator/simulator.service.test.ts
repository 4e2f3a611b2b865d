import { CITY_KEYS } from '@smart-city/shared';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/schema';
import { testDatabases } from '../../test/databases';
import { seededRandom } from '../../test/seeded-random';
import { createTestEvents, createTestServices, silentLogger } from '../../test/test-app';
import { BACKFILL_STEP_MS, createSimulator, historyRowMinute } from './simulator.service';

// Tuesday 2026-03-10 12:00 UTC.
const NOW = Date.parse('2026-03-10T12:00:00Z');
const now = () => new Date(NOW);
const DAY = 86_400_000;

describe('simulated history rows', () => {
  it('packs readings older than a day into 15-minute rows, older than a week into hours', () => {
    const until = Date.parse('2026-03-10T12:03:00Z');
    const at = (iso: string) => new Date(historyRowMinute(Date.parse(iso), until)).toISOString();
    expect(at('2026-03-10T11:55:00Z')).toBe('2026-03-10T11:55:00.000Z');
    expect(at('2026-03-09T12:05:00Z')).toBe('2026-03-09T12:05:00.000Z');
    expect(at('2026-03-09T11:55:00Z')).toBe('2026-03-09T11:45:00.000Z');
    expect(at('2026-03-03T12:05:00Z')).toBe('2026-03-03T12:00:00.000Z');
    expect(at('2026-03-03T11:55:00Z')).toBe('2026-03-03T11:00:00.000Z');
    expect(at('2026-02-25T12:40:00Z')).toBe('2026-02-25T12:00:00.000Z');
  });
});

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

  const sensorCount = async (db: Kysely<Database>) =>
    Number((await sql<{ n: string }>`select count(*) as n from sensors`.execute(db)).rows[0]!.n);

  it(
    'writes days of history into the rollups once, the last day raw too, raising no alert',
    { timeout: 90_000 },
    async () => {
      const { db, simulator, count } = await setUp();
      const sensors = await sensorCount(db);
      expect(sensors).toBeGreaterThanOrEqual(120);

      const first = await simulator().backfill(3);
      const perSensor = (3 * DAY) / BACKFILL_STEP_MS;
      expect(first).toMatchObject({ written: true, readings: perSensor * sensors });
      // The last day one row a reading, the two before in 15-minute rows of three readings.
      const lastDay = DAY / BACKFILL_STEP_MS;
      expect(await count('sensor_readings_minute')).toBe((lastDay + 2 * 96) * sensors);
      expect(await count('sensor_data')).toBe(lastDay * sensors);
      const span = (
        await sql<{ first: Date; last: Date; counts: number[]; readings: string }>`
        select min(minute) as first, max(minute) as last, array_agg(distinct count) as counts,
          sum(count) as readings
        from sensor_readings_minute`.execute(db)
      ).rows[0]!;
      expect(new Date(span.first).toISOString()).toBe(new Date(NOW - 3 * DAY).toISOString());
      expect(new Date(span.last).toISOString()).toBe(
        new Date(NOW - BACKFILL_STEP_MS).toISOString(),
      );
      expect([...span.counts].sort()).toEqual([1, 3]);
      expect(Number(span.readings)).toBe(perSensor * sensors);
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
      expect(await count('sensor_readings_minute')).toBe((lastDay + 2 * 96) * sensors);
    },
  );

  // Writing days of history takes seconds on a busy machine.
  it(
    "follows each city's shapes: rush hours above nights, Kharagpur lighter, New York air cleaner",
    { timeout: 90_000 },
    async () => {
      const { db, services, simulator } = await setUp();
      await simulator().backfill(3);
      const mean = async (type: string, city: string, hours: [number, number][]) => {
        const row = (
          await sql<{ v: number }>`
          select sum(m.sum) / sum(m.count) as v
          from sensor_readings_minute m join sensors s on s.id = m.sensor_id
          join cities c on c.key = s.city_key
          where s.type = ${type} and s.city_key = ${city}
            and extract(isodow from m.minute at time zone c.time_zone) < 6
            and (${sql.join(
              hours.map(
                ([from, to]) => sql`(extract(hour from m.minute at time zone c.time_zone) >= ${from}
                  and extract(hour from m.minute at time zone c.time_zone) < ${to})`,
              ),
              sql` or `,
            )})`.execute(db)
        ).rows[0]!;
        return Number(row.v);
      };
      const night: [number, number][] = [[0, 5]];
      const rush = {
        kolkata: await mean('traffic', 'kolkata', [
          [9, 11],
          [18, 21],
        ]),
        kharagpur: await mean('traffic', 'kharagpur', [
          [9, 11],
          [18, 21],
        ]),
        'new-york': await mean('traffic', 'new-york', [
          [7, 9],
          [16, 19],
        ]),
      };
      for (const city of CITY_KEYS) {
        expect(rush[city]).toBeGreaterThan(2.5 * (await mean('traffic', city, night)));
        expect(await mean('traffic', city, night)).toBeLessThan(25);
      }
      expect(rush.kharagpur).toBeLessThan(rush.kolkata - 5);
      expect(await mean('air_quality', 'new-york', [[0, 24]])).toBeLessThan(
        (await mean('air_quality', 'kolkata', [[0, 24]])) * 0.7,
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
      const { db, services, simulator, count } = await setUp();
      const off = simulator(0);
      off.start();
      await vi.waitFor(async () => expect(await count('sensor_data')).toBeGreaterThan(0));
      await off.stop();
      await services.readingsFold.now();
      // Live rounds only: every rollup is of the current minute.
      const minutes = await sql<{ n: string }>`
        select count(distinct minute) as n from sensor_readings_minute`.execute(db);
      expect(Number(minutes.rows[0]!.n)).toBe(1);

      await sql`delete from sensor_data`.execute(db);
      await sql`delete from sensor_readings_minute`.execute(db);
      await sql`update sensor_latest set value = null, last_reading = null`.execute(db);
      const on = simulator(1);
      on.start();
      // Live rounds begin once the history has claimed the database, while the rest is written.
      await vi.waitFor(
        async () => {
          expect(await count('sensor_readings_minute')).toBeGreaterThanOrEqual(
            288 * (await sensorCount(db)),
          );
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
    // Each round 5 s after the one before, as the simulator's timer runs: a sensor met again when a
    // lap wraps round reports a new reading, not the same one twice.
    let at = NOW;
    const clock = () => new Date(at);
    const services = createTestServices(database, {
      events: createTestEvents(),
      pipelineNow: clock,
    });
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
      now: clock,
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
    for (let round = 0; round < Math.ceil(registry / 500); round++) {
      sent.push(await simulator.tick());
      at += 5_000;
    }
    // Faults may silence a few sensors for a while; the rest report, each round about 500.
    expect(sent.every((n) => n > 450 && n <= 500)).toBe(true);
    await services.readingsFold.now();
    expect(await reported()).toBeGreaterThan(registry * 0.97);
    const rows = Number(
      (await sql<{ n: string }>`select count(*) as n from sensor_data`.execute(database.db))
        .rows[0]!.n,
    );
    expect(rows).toBe(sent.reduce((a, b) => a + b, 0));
  });
});
