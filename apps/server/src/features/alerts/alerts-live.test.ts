import { alertListSchema, alertSchema, DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
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
const SENSOR = 'kolkata-traffic-howrah-bridge';

describe('alerts on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let operator: string;
  let viewer: LiveClient;

  /** The sensor's alerts as the Alerts screen lists them. */
  async function alertsOfSensor() {
    const res = await getWith(server.app, `/api/alerts?q=${SENSOR}`, { cookie: operator });
    return alertListSchema.parse(await res.json());
  }
  const listed = async (id: string) => (await alertsOfSensor()).find((a) => a.id === id);

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

  it('announces a raised alert as GET /api/alerts lists it', async () => {
    const created = nextEvent(viewer, 'alert:created');
    const posted = await postJson(
      server.app,
      '/api/ingest/readings',
      // A jam that has lasted past the rule's on-delay: six minutes ago, and now.
      {
        readings: [
          {
            sensorId: SENSOR,
            value: 95,
            timestamp: new Date(Date.now() - 6 * 60_000).toISOString(),
          },
          { sensorId: SENSOR, value: 95 },
        ],
      },
      { cookie: operator },
    );
    expect(posted.status).toBe(202);
    const alert = await created;
    expect(alert).toMatchObject({ sensorId: SENSOR, severity: 'critical', status: 'open' });
    expect(alert).toEqual(await listed(alert.id));
  });

  // Runs after the test above, on the alert it raised.
  it('announces a transition as its answer and as GET /api/alerts then lists it', async () => {
    const [alert] = await alertsOfSensor();
    const updated = nextEvent(viewer, 'alert:updated');
    const res = await postJson(
      server.app,
      `/api/alerts/${alert!.id}/acknowledge`,
      { note: 'crew on the way' },
      { cookie: operator },
    );
    expect(res.status).toBe(200);
    const answer = alertSchema.parse(await res.json());
    const announced = await updated;
    expect(announced).toMatchObject({ id: alert!.id, status: 'acknowledged' });
    expect(announced).toEqual(answer);
    expect(announced).toEqual(await listed(alert!.id));
  });
});
