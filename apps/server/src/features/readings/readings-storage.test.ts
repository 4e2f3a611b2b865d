import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../../metrics/metrics';
import { testDatabases } from '../../test/databases';
import { scansRun, tablesRead } from '../../test/query-plan';
import { createTestEvents, createTestServices } from '../../test/test-app';
import {
  ensurePartition,
  listPartitions,
  PARTITIONED_TABLES,
  partitionAt,
} from './partitions.repository';
import { longWindowQuery, rawReadingsQuery, rollupMarks } from './readings.repository';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const AIR = 'kolkata-air-quality-gariahat';
const AIR_TOO = 'kolkata-air-quality-park-street';
const RAW = PARTITIONED_TABLES[0];

describe.each(testDatabases())('readings storage on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let clock: Date;
  let services: ReturnType<typeof createTestServices>;

  beforeAll(async () => {
    database = await create();
    clock = new Date();
    services = createTestServices(database, {
      events: createTestEvents(),
      foldMinGapMs: HOUR,
      pipelineNow: () => clock,
      alertOnDelay: 'off',
      retention: { rawDays: 2, hourlyDays: 40 },
    });
  });
  afterAll(() => database?.dispose());

  const count = async (table: string, where = sql`true`) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(database.db)
    ).rows[0]!.n;

  it('creates the partitions from the oldest day kept to days ahead, once', async () => {
    const created = await services.readings.ensurePartitions();
    expect(created.length).toBeGreaterThan(0);
    const names = (await listPartitions(database.db, RAW)).map((p) => p.name);
    for (let d = -2; d <= 3; d++)
      expect(names).toContain(partitionAt(RAW, new Date(clock.getTime() + d * DAY)).name);
    const hourly = (await listPartitions(database.db, PARTITIONED_TABLES[3])).map((p) => p.name);
    expect(hourly).toContain(
      partitionAt(PARTITIONED_TABLES[3], new Date(clock.getTime() + 32 * DAY)).name,
    );
    // The minute and quarter-hour rollups serve the week: kept 8 days though raw ones are kept 2.
    const minutes = (await listPartitions(database.db, PARTITIONED_TABLES[1])).map((p) => p.name);
    expect(minutes).toContain(
      partitionAt(PARTITIONED_TABLES[1], new Date(clock.getTime() - 8 * DAY)).name,
    );
    expect(await services.readings.ensurePartitions()).toEqual([]);
  });

  it('moves readings waiting in the default partition into their day when it is created', async () => {
    const at = new Date(clock.getTime() - 20 * DAY);
    await services.ingest.ingest([{ sensorId: AIR, value: 77, timestamp: at.toISOString() }]);
    await services.readingsFold.now();
    expect(await count('sensor_data_default', sql`value = 77`)).toBe(1);
    const part = partitionAt(RAW, at);
    expect(await ensurePartition(database.db, RAW, part)).toBe(true);
    expect(await count('sensor_data_default', sql`value = 77`)).toBe(0);
    expect(await count(part.name, sql`value = 77`)).toBe(1);
  });

  it('drops a day once all of it is past the retention, and nothing newer', async () => {
    const cutoff = clock.getTime() - 2 * DAY;
    const oldDay = partitionAt(RAW, new Date(cutoff - DAY));
    const edgeDay = partitionAt(RAW, new Date(cutoff));
    await ensurePartition(database.db, RAW, oldDay);
    const readings = [
      { value: 11, at: oldDay.lower.getTime() + HOUR },
      { value: 12, at: oldDay.upper.getTime() - 1_000 },
      { value: 13, at: edgeDay.lower.getTime() },
      // Older than the retention, but its day is not wholly past it.
      { value: 14, at: Math.min(cutoff - 1_000, edgeDay.lower.getTime() + 1_000) },
    ];
    await services.ingest.ingest(
      readings.map((r) => ({
        sensorId: AIR_TOO,
        value: r.value,
        timestamp: new Date(r.at).toISOString(),
      })),
    );
    await services.readingsFold.now();
    const result = await services.readings.applyRetention();
    expect(result.dropped).toContain(oldDay.name);
    expect(result.dropped).not.toContain(edgeDay.name);
    const left = await sql<{ value: number }>`
      select value from sensor_data where sensor_id = ${AIR_TOO} and value between 11 and 14
      order by value`.execute(database.db);
    expect(left.rows.map((r) => r.value)).toEqual([13, 14]);
    const names = (await listPartitions(database.db, RAW)).map((p) => p.name);
    expect(names).not.toContain(oldDay.name);
    expect(names).toContain(edgeDay.name);
    // Their rollups outlive them: the hours and days still count all four.
    expect(
      await count(
        'sensor_readings_daily',
        sql`sensor_id = ${AIR_TOO} and day = ${oldDay.lower} and count = 2`,
      ),
    ).toBe(1);
  });

  it('adds a late reading to its hour and day, the sensor’s and the city’s', async () => {
    const marks = await rollupMarks(database.db);
    // An hour of yesterday: built, and its day too.
    const hour = new Date(marks.days.getTime() - DAY + 5 * HOUR);
    const day = new Date(marks.days.getTime() - DAY);
    const found = await database.db
      .selectFrom('sensors')
      .select('id')
      .where('city_key', '=', 'kharagpur')
      .where('type', '=', 'air_quality')
      .orderBy('id')
      .limit(2)
      .execute();
    const sensors = found.map((s) => s.id);
    expect(sensors).toHaveLength(2);
    const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000).toISOString();
    await services.ingest.ingest([{ sensorId: sensors[0]!, value: 10, timestamp: at(1) }]);
    await services.readingsFold.now();
    await services.ingest.ingest([{ sensorId: sensors[0]!, value: 30, timestamp: at(2) }]);
    await services.readingsFold.now();
    await services.ingest.ingest([{ sensorId: sensors[1]!, value: 50, timestamp: at(40) }]);
    await services.readingsFold.now();

    const row = async (table: string, column: string, key: Date, id: string) =>
      (
        await sql<{ min: number; max: number; sum: number; count: number }>`
          select min, max, sum, count from ${sql.table(table)}
          where sensor_id = ${id} and ${sql.ref(column)} = ${key}`.execute(database.db)
      ).rows[0];
    expect(await row('sensor_readings_hourly', 'hour', hour, sensors[0]!)).toEqual({
      min: 10,
      max: 30,
      sum: 40,
      count: 2,
    });
    expect(await row('sensor_readings_daily', 'day', day, sensors[0]!)).toEqual({
      min: 10,
      max: 30,
      sum: 40,
      count: 2,
    });
    // The city's rows hold exactly what its sensors' rows add up to.
    for (const [level, column, key] of [
      ['hourly', 'hour', hour],
      ['daily', 'day', day],
    ] as const) {
      const city = await sql<Record<string, number>>`
        select min, max, sum, count::int as count, sensors, sum_of_means, sum_of_mins, sum_of_maxes
        from ${sql.table(`city_readings_${level}`)}
        where city_key = 'kharagpur' and type = 'air_quality'
          and ${sql.ref(column)} = ${key}`.execute(database.db);
      const fromSensors = await sql<Record<string, number>>`
        select min(r.min) as min, max(r.max) as max, sum(r.sum) as sum, sum(r.count)::int as count,
          count(*)::int as sensors, sum(r.sum / r.count) as sum_of_means,
          sum(r.min) as sum_of_mins, sum(r.max) as sum_of_maxes
        from ${sql.table(`sensor_readings_${level}`)} r
        join sensors s on s.id = r.sensor_id
        where s.city_key = 'kharagpur' and s.type = 'air_quality'
          and r.${sql.ref(column)} = ${key}`.execute(database.db);
      expect(city.rows[0]).toEqual(fromSensors.rows[0]);
      expect(city.rows[0]).toMatchObject({ sensors: 2, count: 3, sum: 90, sum_of_means: 70 });
    }
  });

  it('builds an hour and its city row from the quarter-hours once the hour has ended', async () => {
    const marks = await rollupMarks(database.db);
    const sensor = 'new-york-traffic-times-square';
    const at = new Date(marks.hours.getTime() + 20 * 60_000);
    if (clock < new Date(marks.hours.getTime() + 30 * 60_000))
      clock = new Date(marks.hours.getTime() + 30 * 60_000);
    await services.ingest.ingest([{ sensorId: sensor, value: 42, timestamp: at.toISOString() }]);
    await services.readingsFold.now();
    expect(
      await count('sensor_readings_hourly', sql`sensor_id = ${sensor} and hour = ${marks.hours}`),
    ).toBe(0);
    clock = new Date(marks.hours.getTime() + HOUR + 60_000);
    await services.ingest.ingest([
      { sensorId: sensor, value: 43, timestamp: new Date(clock.getTime() - 1_000).toISOString() },
    ]);
    await services.readingsFold.now();
    expect(
      await count(
        'sensor_readings_hourly',
        sql`sensor_id = ${sensor} and hour = ${marks.hours} and sum = 42 and count = 1`,
      ),
    ).toBe(1);
    expect(
      await count(
        'city_readings_hourly',
        sql`city_key = 'new-york' and type = 'traffic' and hour = ${marks.hours} and sensors >= 1`,
      ),
    ).toBe(1);
  });

  it('answers the month and year windows from rollups, reading no raw partition', async () => {
    const marks = await rollupMarks(database.db);
    const from = new Date(clock.getTime() - 365 * DAY);
    for (const level of ['hour', 'day'] as const) {
      const tables = await tablesRead(database.db, longWindowQuery(AIR, from, level, marks));
      expect(tables.length).toBeGreaterThan(0);
      expect(tables.filter((t) => t.startsWith('sensor_data'))).toEqual([]);
    }
    const year = await services.readings.history(AIR, '1y');
    expect(year.bucketS).toBe(86_400);
    expect(year.points.length).toBeGreaterThan(0);
  });

  it('shows the storage on /metrics: database and raw sizes, partitions, the oldest day', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.observe({ readingsStorage: () => services.readings.storage() });
    const text = await metrics.registry.metrics();
    const value = (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    expect(value('database_size_bytes')).toBeGreaterThan(value('readings_raw_bytes'));
    expect(value('readings_raw_bytes')).toBeGreaterThan(0);
    expect(value('readings_raw_partitions')).toBe((await listPartitions(database.db, RAW)).length);
    expect(value('readings_rollup_bytes')).toBeGreaterThan(0);
    const oldest = (await services.readings.storage()).oldestReading;
    expect(oldest).not.toBeNull();
    expect(value('readings_oldest_timestamp_seconds')).toBe(oldest!.getTime() / 1000);
  });

  it('reads an ended day’s raw readings from the index alone once the day is vacuumed', async () => {
    const yesterday = partitionAt(RAW, new Date(clock.getTime() - DAY));
    // Every sensor every ten minutes of the day, interleaved as a city's readings arrive.
    await sql`
      insert into sensor_data (sensor_id, value, unit, "timestamp")
      select s.id, 40, 'AQI', t
      from generate_series(${yesterday.lower}::timestamptz,
          ${new Date(yesterday.upper.getTime() - 1)}::timestamptz, interval '10 minutes') t
        cross join sensors s
      on conflict do nothing`.execute(database.db);
    await services.readingsFold.now();

    const vacuumed = await services.readings.vacuumEndedPartitions();
    expect(vacuumed).toContain(yesterday.name);
    expect(vacuumed).not.toContain(partitionAt(RAW, clock).name);
    expect(await services.readings.vacuumEndedPartitions()).toEqual([]);

    const scans = await scansRun(
      database.db,
      rawReadingsQuery(database.db, AIR_TOO, yesterday.lower, 1_000),
    );
    const day = scans.filter((s) => s.relation === yesterday.name);
    expect(day).toEqual([{ relation: yesterday.name, node: 'Index Only Scan', heapFetches: 0 }]);
    const history = await services.readings.history(AIR_TOO, '7d');
    expect(history.bucketS).toBe(0);
    expect(history.points.filter((p) => p.value === 40)).toHaveLength(144);
  });

  it('reads today’s raw readings and a month’s hours from the index alone once the open partitions are vacuumed', async () => {
    const today = partitionAt(RAW, clock);
    // Every sensor every ten minutes of the day so far, interleaved as a city's readings arrive.
    await sql`
      insert into sensor_data (sensor_id, value, unit, "timestamp")
      select s.id, 41, 'AQI', t
      from generate_series(${today.lower}::timestamptz,
          ${new Date(clock.getTime() - 1)}::timestamptz, interval '10 minutes') t
        cross join sensors s
      on conflict do nothing`.execute(database.db);
    await services.readingsFold.now();
    const before = await scansRun(
      database.db,
      rawReadingsQuery(database.db, AIR_TOO, today.lower, 1_000),
    );
    const fromIndexAlone = [{ relation: today.name, node: 'Index Only Scan', heapFetches: 0 }];
    // Before the vacuum each reading is a fetch from the table (or the planner reads it outright).
    expect(before.filter((s) => s.relation === today.name)).not.toEqual(fromIndexAlone);

    const hourly = partitionAt(PARTITIONED_TABLES[3], clock);
    expect(await services.readings.vacuumOpenPartitions()).toEqual([
      today.name,
      hourly.name,
      'sensor_readings_daily',
    ]);
    const raw = await scansRun(
      database.db,
      rawReadingsQuery(database.db, AIR_TOO, today.lower, 1_000),
    );
    expect(raw.filter((s) => s.relation === today.name)).toEqual(fromIndexAlone);
    const marks = await rollupMarks(database.db);
    const month = longWindowQuery(AIR_TOO, new Date(clock.getTime() - 30 * DAY), 'hour', marks);
    const scans = await scansRun(database.db, { compile: () => month.compile(database.db) });
    const [monthScan, ...more] = scans.filter((s) => s.relation === hourly.name);
    expect(more).toEqual([]);
    expect(monthScan?.node).toBe('Index Only Scan');
    // Read from the index, not a fetch a row: a page whose rows a fold locked as it wrote them (a
    // late reading of the hour just ended, which the earlier cases send) may wait for the next
    // vacuum to be marked, so a few fetches may remain of the month's rows.
    const monthRows = await count(hourly.name, sql`sensor_id = ${AIR_TOO}`);
    expect(monthRows).toBeGreaterThan(20);
    expect(monthScan!.heapFetches).toBeLessThanOrEqual(monthRows / 10);
    const history = await services.readings.history(AIR_TOO, '30d');
    expect(history.bucketS).toBe(3_600);
    expect(history.points.length).toBeGreaterThan(0);
  });
});
