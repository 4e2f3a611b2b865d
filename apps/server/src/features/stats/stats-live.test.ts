import { DEFAULT_DEMO_PASSWORD, sensorListSchema, statsSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import { getWith, postJson, signIn, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  connected,
  liveClient,
  nextEvent,
  startLiveTestServer,
  subscribe,
  type LiveClient,
  type LiveTestServer,
} from '../../test/live-test-kit';

const embedded = testDatabases()[0]!;

describe('city counts on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let operator: string;
  let viewer: LiveClient;

  const read = async (path: string) =>
    (await getWith(server.app, path, { cookie: operator })).json();

  beforeAll(async () => {
    database = await embedded.create();
    // Raised by the first reading out of range: the rules' on-delays are tested apart.
    server = await startLiveTestServer(database, { alertOnDelay: 'off' });
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    operator = (await signIn(server.app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
    viewer = liveClient(server.url, { cookie: operator });
    await connected(viewer);
    await subscribe(viewer, 'new-york');
  });
  afterAll(async () => {
    viewer?.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it('announces the counts a sensor status change leaves, as GET /api/stats?city= answers', async () => {
    const [sensor] = sensorListSchema.parse(await read('/api/sensors?city=new-york&type=water'));
    // Heard from once, the sensor is active (a registered sensor is pending until then).
    const heard = nextEvent(viewer, 'stats');
    const reported = await postJson(
      server.app,
      '/api/ingest/readings',
      { readings: [{ sensorId: sensor!.id, value: 50 }] },
      { cookie: operator },
    );
    expect(reported.status).toBe(202);
    await server.services.readingsFold.now();
    await heard;
    const before = statsSchema.parse(await read('/api/stats?city=new-york'));
    const stats = nextEvent(viewer, 'stats');
    const res = await server.app.request(`/api/sensors/${sensor!.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: operator },
      body: JSON.stringify({ status: 'inactive' }),
    });
    expect(res.status).toBe(200);
    const announced = await stats;
    const answered = statsSchema.parse(await read('/api/stats?city=new-york'));
    expect(answered.activeSensors).toBe(before.activeSensors - 1);
    expect(announced).toEqual({ city: 'new-york', ...answered });
  });

  it('announces the counts a raised alert leaves, as GET /api/stats?city= answers', async () => {
    const [sensor] = sensorListSchema.parse(await read('/api/sensors?city=new-york&type=traffic'));
    // The alert changes the counts at once, and the fold again (the sensor, heard from, is active):
    // the last message a viewer holds is what the API answers.
    const heard: unknown[] = [];
    const listen = (event: unknown) => heard.push(event);
    viewer.on('stats', listen);
    try {
      const posted = await postJson(
        server.app,
        '/api/ingest/readings',
        { readings: [{ sensorId: sensor!.id, value: 96 }] },
        { cookie: operator },
      );
      expect(posted.status).toBe(202);
      await server.services.readingsFold.now();
      const answered = statsSchema.parse(await read('/api/stats?city=new-york'));
      expect(answered).toMatchObject({ alerts: 1, criticalAlerts: 1 });
      await expect
        .poll(() => heard.at(-1), { timeout: 5_000 })
        .toEqual({ city: 'new-york', ...answered });
    } finally {
      viewer.off('stats', listen);
    }
  });
});
