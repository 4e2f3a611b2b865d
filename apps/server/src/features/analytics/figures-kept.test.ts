import { cityOverviewSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

// The dashboard's figures read every sensor of a city; each dashboard that opens asks for them.
describe.each(testDatabases())("a city's figures now on $kind", ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let services: Awaited<ReturnType<typeof createTestAppWithCallers>>['services'];
  let admin: string;
  let citizen: string;
  let traffic: string[];

  beforeAll(async () => {
    database = await create();
    ({ app, services, admin, citizen } = await createTestAppWithCallers(database));
    const rows = await database.db
      .selectFrom('sensors')
      .select('id')
      .where('city_key', '=', 'kharagpur')
      .where('type', '=', 'traffic')
      .where('status', 'in', ['active', 'pending'])
      .orderBy('id')
      .execute();
    traffic = rows.map((r) => r.id);
    expect(traffic.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => database?.dispose());

  async function trafficCard() {
    const res = await app.request('/api/analytics/overview?city=kharagpur', {
      headers: { Cookie: citizen },
    });
    expect(res.status).toBe(200);
    const overview = cityOverviewSchema.parse(await res.json());
    return overview.metrics.find((m) => m.metric === 'traffic')!;
  }

  it('follow readings at once, as soon as they are folded', async () => {
    const readings = traffic.map((sensorId) => ({ sensorId, value: 12 }));
    const res = await postJson(app, '/api/ingest/readings', { readings }, { cookie: admin });
    expect(res.status).toBe(202);
    await services.readingsFold.now();
    const card = await trafficCard();
    expect(card.sensors).toBe(traffic.length);
    expect(card.value).toBe(12);
  });

  it('are shared by the viewers who ask while nothing this server hears of changed them', async () => {
    const before = await trafficCard();
    // Written behind the server's back: not a change it hears of.
    await database.db
      .updateTable('sensor_latest')
      .set({ value: 99 })
      .where('sensor_id', 'in', traffic)
      .execute();
    expect(await trafficCard()).toEqual(before);
  });

  it('follow a sensor taken out of service at once', async () => {
    const before = await trafficCard();
    const res = await app.request(`/api/sensors/${traffic[0]}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: admin },
      body: JSON.stringify({ status: 'maintenance' }),
    });
    expect(res.status).toBe(200);
    expect((await trafficCard()).sensors).toBe(before.sensors - 1);
  });
});
