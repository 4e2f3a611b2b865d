import { DEFAULT_DEMO_PASSWORD, sensorListSchema, sensorSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import { getWith, postJson, signIn } from '../../test/accounts';
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

describe('readings on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let operator: string;
  let viewer: LiveClient;

  const read = async (path: string) =>
    (await getWith(server.app, path, { cookie: operator })).json();

  beforeAll(async () => {
    database = await embedded.create();
    server = await startLiveTestServer(database);
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    operator = (await signIn(server.app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
    viewer = liveClient(server.url, { cookie: operator });
    await connected(viewer);
    await subscribe(viewer, 'kolkata');
  });
  afterAll(async () => {
    viewer?.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it("announces each sensor's latest reading as GET /api/sensors/:id then shows it", async () => {
    const sensors = sensorListSchema.parse(
      await read('/api/sensors?city=kolkata&type=air_quality'),
    );
    const [first, second] = sensors.map((s) => s.id);
    const t = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    const readings = nextEvent(viewer, 'readings');
    const posted = await postJson(
      server.app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: first, value: 80, timestamp: t(20) },
          { sensorId: first, value: 85, timestamp: t(10) },
          { sensorId: second, value: 60, timestamp: t(15) },
        ],
      },
      { cookie: operator },
    );
    expect(posted.status).toBe(202);

    const announced = await readings;
    expect(announced.city).toBe('kolkata');
    // The latest values follow with the fold, seconds after the live announcement.
    await server.services.readingsFold.now();
    const shown = await Promise.all(
      [first, second].map(async (id) => sensorSchema.parse(await read(`/api/sensors/${id}`))),
    );
    expect(announced.readings).toEqual(
      shown.map((s) => ({
        sensorId: s.id,
        value: s.value,
        unit: s.unit,
        timestamp: s.lastReading,
      })),
    );
    expect(announced.readings.map((r) => r.value)).toEqual([85, 60]);
  });
});
