import { DEFAULT_DEMO_PASSWORD, noticeResponseSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import {
  connected,
  liveClient,
  nextEvent,
  startLiveTestServer,
  subscribe,
  type LiveClient,
  type LiveTestServer,
} from '../../test/live-test-kit';
import { postJson, signIn } from '../../test/accounts';
import { testDatabases } from '../../test/databases';

const embedded = testDatabases()[0]!;

describe('a published notice on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let admin: string;
  let citizen: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await embedded.create();
    server = await startLiveTestServer(database);
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    admin = (await signIn(server.app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
    citizen = (await signIn(server.app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD)).cookie;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it('reaches every connected client, whichever city it follows or none', async () => {
    const followingNewYork = liveClient(server.url, { cookie: citizen });
    const followingNothing = liveClient(server.url, { cookie: citizen });
    clients.push(followingNewYork, followingNothing);
    await Promise.all([connected(followingNewYork), connected(followingNothing)]);
    expect(await subscribe(followingNewYork, 'new-york')).toEqual({ ok: true });

    const arrivals = Promise.all([
      nextEvent(followingNewYork, 'notice:created'),
      nextEvent(followingNothing, 'notice:created'),
    ]);
    const res = await postJson(
      server.app,
      '/api/notices',
      { title: 'Metro timetable change', content: 'Trains run every 6 minutes from Monday.' },
      { cookie: admin },
    );
    expect(res.status).toBe(201);
    const { data: notice } = noticeResponseSchema.parse(await res.json());

    expect(await arrivals).toEqual([notice, notice]);
  });
});
