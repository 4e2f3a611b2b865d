import { alarmKpisSchema, alertListSchema } from '@smart-city/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

const NOW = Date.parse('2026-03-09T12:00:00Z');
const WEEK_MS = 7 * 24 * 60 * 60_000;
const OPEN = 10_000;
const HISTORY = 40_000;
/** Generous for a shared machine: the point is that nothing grows with the rows loaded into JS. */
const WITHIN_MS = 5_000;

describe.each(testDatabases())('the alarm KPIs over a busy week on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let operator: string;

  beforeAll(async () => {
    database = await create();
    ({ app, operator } = await createTestAppWithCallers(database, {
      pipelineNow: () => new Date(NOW),
    }));
    const sensors = (
      await database.db
        .selectFrom('sensors')
        .select('id')
        .where('city_key', '=', 'kolkata')
        .execute()
    ).map((s) => s.id);
    // 10,000 open alerts over the last 10 days (each its own rule, as one active alert per sensor
    // and rule allows), and 40,000 resolved ones over the week, some chattering, some shelved.
    await sql`
      insert into alerts (id, sensor_id, city_key, location, rule, title, message, severity, status,
        created_at, updated_at, chattering, shelved_until)
      select 'open-' || i, (${sensors}::text[])[1 + i % ${sensors.length}], 'kolkata', 'Lane ' || i,
        'scale-' || i, 'Open ' || i, 'm', 'high', 'open',
        ${new Date(NOW)}::timestamptz - (i * interval '86 seconds'),
        ${new Date(NOW)}::timestamptz, i % 50 = 0,
        case when i % 100 = 0 then ${new Date(NOW + 3_600_000)}::timestamptz end
      from generate_series(1, ${OPEN}) as i`.execute(database.db);
    await sql`
      insert into alerts (id, sensor_id, city_key, location, rule, title, message, severity, status,
        created_at, updated_at, chattering)
      select 'past-' || i, (${sensors}::text[])[1 + i % ${sensors.length}], 'kolkata', 'Lane ' || i,
        'threshold', 'Past ' || i, 'm', 'warning', 'resolved',
        ${new Date(NOW - WEEK_MS)}::timestamptz + (i * interval '15 seconds'),
        ${new Date(NOW)}::timestamptz, i % 7 = 0
      from generate_series(1, ${HISTORY}) as i`.execute(database.db);
    await sql`analyze alerts`.execute(database.db);
  }, 120_000);
  afterAll(() => database?.dispose());

  it('answers the week within moments, with figures that match the rows', async () => {
    const started = performance.now();
    const res = await getWith(app, '/api/alarm-kpis?city=kolkata&window=7d', { cookie: operator });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    const figures = alarmKpisSchema.parse(await res.json());
    expect(elapsed).toBeLessThan(WITHIN_MS);
    // Open alerts every 86 s reach back 10 days: 7 days of them are in the window.
    const openInWeek = Math.floor(WEEK_MS / 1000 / 86);
    expect(figures.announced).toBe(openInWeek + HISTORY);
    expect(figures.shelvedNow).toBe(OPEN / 100);
    expect(figures.top).toHaveLength(10);
    expect(figures.rate.buckets).toHaveLength(1008);
    expect(figures.standing.count).toBeGreaterThan(0);

    const listed = performance.now();
    const page = await getWith(
      app,
      `/api/alerts?city=kolkata&status=announced&from=${figures.from}&to=${figures.to}&chattering=true&limit=50`,
      { cookie: operator },
    );
    expect(page.status).toBe(200);
    expect(alertListSchema.parse(await page.json())).toHaveLength(50);
    expect(performance.now() - listed).toBeLessThan(WITHIN_MS);
  });
});
