import { bookingSchema, DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../auth/demo-accounts';
import { postJson, signIn } from '../../test/accounts';
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

describe('a booking on the live connection', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  const cookies = {} as Record<'admin' | 'operator' | 'citizen' | 'other', string>;
  const clients: LiveClient[] = [];

  async function client(cookie: string, city?: string) {
    const socket = liveClient(server.url, { cookie });
    clients.push(socket);
    await connected(socket);
    if (city) expect(await subscribe(socket, city)).toEqual({ ok: true });
    return socket;
  }

  beforeAll(async () => {
    database = await embedded.create();
    server = await startLiveTestServer(database);
    await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
    const email = { admin: 'admin', operator: 'operator', citizen: 'demo', other: 'test' } as const;
    for (const [who, name] of Object.entries(email)) {
      cookies[who as keyof typeof email] = (
        await signIn(server.app, `${name}@smartcity.local`, DEFAULT_DEMO_PASSWORD)
      ).cookie;
    }
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
    await database?.dispose();
  });

  it('reaches its owner and the city’s operations staff with the HTTP body, and no one else', async () => {
    const owner = await client(cookies.citizen);
    const operator = await client(cookies.operator, 'kolkata');
    const admin = await client(cookies.admin, 'kolkata');
    const neighbour = await client(cookies.other, 'kolkata');
    const elsewhere = await client(cookies.operator, 'new-york');

    const created = Promise.all(
      [owner, operator, admin].map((s) => nextEvent(s, 'booking:created')),
    );
    const unseen = Promise.all(
      [neighbour, elsewhere].map((s) => collect(s, 'booking:created', 500)),
    );
    const res = await postJson(
      server.app,
      '/api/emergency/bookings',
      {
        service: 'ambulance',
        urgency: 'high',
        city: 'kolkata',
        location: 'Esplanade',
        contactPhone: '9830012345',
      },
      { cookie: cookies.citizen },
    );
    expect(res.status).toBe(201);
    const booking = bookingSchema.parse(await res.json());
    expect(await created).toEqual([booking, booking, booking]);
    expect(await unseen).toEqual([[], []]);

    const updated = Promise.all([owner, operator].map((s) => nextEvent(s, 'booking:updated')));
    const dispatch = await postJson(
      server.app,
      `/api/emergency/bookings/${booking.id}/dispatch`,
      { unit: 'AMB-7', etaMinutes: 6 },
      { cookie: cookies.operator },
    );
    expect(dispatch.status).toBe(200);
    const dispatched = bookingSchema.parse(await dispatch.json());
    expect(await updated).toEqual([dispatched, dispatched]);
    expect(dispatched.status).toBe('dispatched');
  });

  it('reaches an operator who owns the booking once, not twice', async () => {
    const operator = await client(cookies.operator, 'kharagpur');
    const seen = collect(operator, 'booking:created', 800);
    await postJson(
      server.app,
      '/api/emergency/bookings',
      {
        service: 'fire',
        urgency: 'low',
        city: 'kharagpur',
        location: 'Hijli',
        contactPhone: '9830012345',
      },
      { cookie: cookies.operator },
    );
    expect(await seen).toHaveLength(1);
  });
});
