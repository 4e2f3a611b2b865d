import {
  DEFAULT_DEMO_PASSWORD,
  OFFLINE_AFTER_MS,
  sensorListSchema,
  sensorSchema,
  type Sensor,
} from '@smart-city/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

/** The fields of a sensor that `sensor:updated` carries. */
const changedFields = ({ id, city, status, metadata }: Sensor) => ({
  id,
  city,
  status,
  metadata,
});

describe('sensor changes on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let operator: string;
  let viewer: LiveClient;
  // The services' clock: the real one, unless a test sets it.
  let clock: Date | null = null;

  const read = async (path: string) =>
    (await getWith(server.app, path, { cookie: operator })).json();
  const sensorNow = async (id: string) => sensorSchema.parse(await read(`/api/sensors/${id}`));

  beforeAll(async () => {
    database = await embedded.create();
    server = await startLiveTestServer(database, { pipelineNow: () => clock ?? new Date() });
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    operator = (await signIn(server.app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
    viewer = liveClient(server.url, { cookie: operator });
    await connected(viewer);
    await subscribe(viewer, 'kharagpur');
  });
  afterEach(() => {
    clock = null;
  });
  afterAll(async () => {
    viewer?.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it('announces a change as PATCH /api/sensors/:id answers it', async () => {
    const [sensor] = sensorListSchema.parse(await read('/api/sensors?city=kharagpur&type=waste'));
    const id = sensor!.id;
    const updated = nextEvent(viewer, 'sensor:updated');
    const res = await server.app.request(`/api/sensors/${id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: operator },
      body: JSON.stringify({ status: 'maintenance', metadata: { metric: 'fill', note: 'lid' } }),
    });
    expect(res.status).toBe(200);
    const answer = sensorSchema.parse(await res.json());
    expect(await updated).toEqual(changedFields(answer));
  });

  it('announces going offline and coming back as GET /api/sensors/:id then shows it', async () => {
    const id = 'kharagpur-traffic-nh16-crossing';
    const silentSince = '2026-11-21T10:00:00.000Z';
    clock = new Date(Date.parse(silentSince) + 60_000);
    // Never heard from until now: its first reading makes it active, and says so.
    const firstHeard = nextEvent(viewer, 'sensor:updated');
    const posted = await postJson(
      server.app,
      '/api/ingest/readings',
      { readings: [{ sensorId: id, value: 30, timestamp: silentSince }] },
      { cookie: operator },
    );
    expect(posted.status).toBe(202);
    // The offline check reads the latest values, which follow with the fold.
    await server.services.readingsFold.now();
    const heard = await firstHeard;
    expect(heard.status).toBe('active');
    expect(heard).toEqual(changedFields(await sensorNow(id)));

    // A minute past the time a sensor may stay silent after the reading arrived.
    clock = new Date(Date.parse(silentSince) + OFFLINE_AFTER_MS + 120_000);
    const offline = nextEvent(viewer, 'sensor:updated');
    await server.services.alerts.runChecks();
    const wentOffline = await offline;
    expect(wentOffline.status).toBe('offline');
    expect(wentOffline).toEqual(changedFields(await sensorNow(id)));

    const online = nextEvent(viewer, 'sensor:updated');
    await postJson(
      server.app,
      '/api/ingest/readings',
      { readings: [{ sensorId: id, value: 31 }] },
      { cookie: operator },
    );
    // The fold that applies the reading brings the sensor back and says so.
    await server.services.readingsFold.now();
    const cameBack = await online;
    expect(cameBack.status).toBe('active');
    expect(cameBack).toEqual(changedFields(await sensorNow(id)));
  });
});
