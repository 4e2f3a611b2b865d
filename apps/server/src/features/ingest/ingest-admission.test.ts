import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, createTestMetrics, silentLogger } from '../../test/test-app';
import { createSimulator } from '../simulator/simulator.service';
import { createIngestAdmission, IngestBusy } from './ingest-admission';

const SENSOR = 'kolkata-traffic-sealdah-station';

describe('ingest admission', () => {
  it('admits readings up to the bound, then refuses until room is given back', () => {
    const admission = createIngestAdmission({
      maxInFlightReadings: 100,
      metrics: createTestMetrics(),
    });
    const first = admission.admit(60);
    expect(admission.hasRoomFor(40)).toBe(true);
    expect(admission.hasRoomFor(41)).toBe(false);
    const second = admission.admit(40);
    expect(admission.isSaturated()).toBe(true);
    expect(() => admission.admit(1)).toThrow(IngestBusy);
    first();
    first();
    expect(admission.hasRoomFor(60)).toBe(true);
    expect(admission.hasRoomFor(61)).toBe(false);
    second();
    expect(admission.isSaturated()).toBe(false);
  });

  it('lets one batch larger than the bound through when nothing else is in flight', () => {
    const admission = createIngestAdmission({
      maxInFlightReadings: 100,
      metrics: createTestMetrics(),
    });
    const release = admission.admit(5_000);
    expect(() => admission.admit(1)).toThrow(IngestBusy);
    release();
  });
});

describe.each(testDatabases())('ingest at its bound on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  beforeAll(async () => {
    database = await create();
    app = await createTestAppWithCallers(database, { ingestMaxInFlight: 100 });
  });
  afterAll(() => database?.dispose());

  // Batches of different values are different readings: each value has a day of its own.
  const batch = (size: number, value = 30) =>
    Array.from({ length: size }, (_, i) => ({
      sensorId: SENSOR,
      value,
      timestamp: new Date(Date.UTC(2026, 0, value, 0, 0, i)).toISOString(),
    }));

  const storedWithValue = async (value: number) =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from sensor_data where sensor_id = ${SENSOR} and value = ${value}
      `.execute(database.db)
    ).rows[0]!.n;

  it('answers 429 with Retry-After at once, stores nothing, and takes the batch once there is room', async () => {
    // A batch in flight fills the bound: the next request is refused without waiting for it.
    const inFlight = app.services.ingest.ingest(batch(150), { channel: 'mqtt' });
    const refused = await postJson(
      app.app,
      '/api/ingest/readings',
      { readings: batch(10, 31) },
      { cookie: app.operator },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });

    await inFlight;
    expect(await storedWithValue(31)).toBe(0);
    const accepted = await postJson(
      app.app,
      '/api/ingest/readings',
      { readings: batch(10, 31) },
      { cookie: app.operator },
    );
    expect(accepted.status).toBe(202);
    expect(await storedWithValue(31)).toBe(10);

    const scrape = await (await app.app.request('/metrics')).text();
    expect(scrape).toContain('ingest_readings_total{channel="mqtt",outcome="accepted"} 150');
    expect(scrape).toContain('ingest_readings_total{channel="http",outcome="accepted"} 10');
    expect(scrape).toMatch(
      /http_requests_total\{method="POST",route="\/api\/ingest\/readings",status="429"\} 1/,
    );
  });

  it('counts readings refused while full by channel', async () => {
    // Admission is decided before the first await, so the second batch meets the first in flight.
    const inFlight = app.services.ingest.ingest(batch(150), { channel: 'http' });
    await expect(
      app.services.ingest.ingest(batch(5), { channel: 'simulator' }),
    ).rejects.toBeInstanceOf(IngestBusy);
    await inFlight;
    const scrape = await (await app.app.request('/metrics')).text();
    expect(scrape).toContain('ingest_readings_total{channel="simulator",outcome="throttled"} 5');
  });

  it('skips a simulator round instead of failing it while ingest is full', async () => {
    const simulatorWith = (ingest: Parameters<typeof createSimulator>[0]['ingest']) =>
      createSimulator({
        db: database.db,
        sensors: app.services.sensors,
        ingest,
        logger: silentLogger,
      });
    const full = { ...app.services.ingest, ingest: () => Promise.reject(new IngestBusy()) };
    expect(await simulatorWith(full).tick()).toBe(0);
    expect(await simulatorWith(app.services.ingest).tick()).toBeGreaterThan(0);
  });
});
