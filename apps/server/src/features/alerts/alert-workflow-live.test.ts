import {
  alertCommentSchema,
  alertSchema,
  DEFAULT_DEMO_PASSWORD,
  notificationListSchema,
  notificationSchema,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import { getWith, postJson, signIn } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  collect,
  connected,
  liveClient,
  nextEvent,
  startLiveTestServer,
  subscribe,
  type LiveClient,
  type LiveTestServer,
} from '../../test/live-test-kit';

const embedded = testDatabases()[0]!;

describe('the alert workflow on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let admin: string;
  let operator: string;
  let citizen: string;
  let alertId: string;
  const clients: LiveClient[] = [];

  async function following(cookie: string, city?: string) {
    const client = liveClient(server.url, { cookie });
    clients.push(client);
    await connected(client);
    if (city) expect(await subscribe(client, city)).toEqual({ ok: true });
    return client;
  }

  beforeAll(async () => {
    database = await embedded.create();
    // About alerts once raised: the first reading out of range raises one.
    server = await startLiveTestServer(database, { alertOnDelay: 'off' });
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    const cookieOf = async (email: string) =>
      (await signIn(server.app, email, DEFAULT_DEMO_PASSWORD)).cookie;
    admin = await cookieOf('admin@smartcity.local');
    operator = await cookieOf('operator@smartcity.local');
    citizen = await cookieOf('demo@smartcity.local');
    await server.services.ingest.ingest([{ sensorId: 'kolkata-traffic-howrah-bridge', value: 97 }]);
    alertId = (await server.services.alerts.list({ q: 'howrah', limit: 1 }))[0]!.id;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it("sends a comment to the city's operators and admins, as the HTTP answer has it, never to citizens", async () => {
    const [staffInCity, adminInCity, citizenInCity, staffElsewhere] = await Promise.all([
      following(operator, 'kolkata'),
      following(admin, 'kolkata'),
      following(citizen, 'kolkata'),
      following(operator, 'new-york'),
    ]);
    const arrivals = Promise.all([
      nextEvent(staffInCity, 'comment:created'),
      nextEvent(adminInCity, 'comment:created'),
    ]);
    const unseen = Promise.all([
      collect(citizenInCity, 'comment:created', 500),
      collect(staffElsewhere, 'comment:created', 500),
    ]);
    const res = await postJson(
      server.app,
      `/api/alerts/${alertId}/comments`,
      { body: 'Diverting traffic at the bridge.' },
      { cookie: admin },
    );
    expect(res.status).toBe(201);
    const comment = alertCommentSchema.parse(await res.json());
    expect(await arrivals).toEqual([comment, comment]);
    expect(await unseen).toEqual([[], []]);
  });

  it('sends a notification to every page of its person only, and tells them when it is read', async () => {
    const [mine, mineToo, someoneElse] = await Promise.all([
      following(operator),
      following(operator, 'new-york'),
      following(admin, 'kolkata'),
    ]);
    const arrivals = Promise.all([
      nextEvent(mine, 'notification:created'),
      nextEvent(mineToo, 'notification:created'),
    ]);
    const unseen = collect(someoneElse, 'notification:created', 500);
    const updated = nextEvent(someoneElse, 'alert:updated');
    const res = await postJson(
      server.app,
      `/api/alerts/${alertId}/assign`,
      {
        assigneeId: (await server.services.staff.list()).find((s) => s.username === 'operator')!.id,
      },
      { cookie: admin },
    );
    expect(res.status).toBe(200);
    const [first, second] = await arrivals;
    expect(first).toEqual(second);
    expect(await unseen).toEqual([]);
    expect(await updated).toEqual(alertSchema.parse(await res.json()));

    const listed = notificationListSchema.parse(
      await (await getWith(server.app, '/api/notifications', { cookie: operator })).json(),
    );
    expect(listed.items[0]).toEqual(first);

    const read = nextEvent(mineToo, 'notification:read');
    const answer = await postJson(
      server.app,
      `/api/notifications/${first.id}/read`,
      {},
      { cookie: operator },
    );
    const marked = notificationSchema.parse(await answer.json());
    expect(await read).toEqual({
      recipientId: marked.recipientId,
      id: marked.id,
      readAt: marked.readAt,
    });
  });
});
