import {
  DEFAULT_DEMO_PASSWORD,
  LIVE_BATCH_INTERVAL_MS,
  LIVE_PROTOCOL_MISMATCH,
  LIVE_PROTOCOL_VERSION,
  type LiveReading,
} from '@smart-city/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedDemoAccounts } from '../auth/demo-accounts';
import { getWith, postJson, signIn, signUp } from '../test/accounts';
import { testDatabases, withAdmin } from '../test/databases';
import {
  collect,
  connected,
  liveClient,
  nextEvent,
  sampleAlert,
  startLiveTestServer,
  subscribe,
  unsubscribe,
  type LiveClient,
  type LiveTestServer,
} from '../test/live-test-kit';
import { createPostgresTestDatabase } from '../test/postgres-test-database';
import { silentLogger } from '../test/test-app';
import { postgresLiveAdapter } from './live-adapter';

// The first database on offer: PGlite in `npm test`, PostgreSQL when CI turns PGlite off.
const embedded = testDatabases()[0]!;

function reading(sensorId: string, value: number): LiveReading {
  return { sensorId, value, unit: 'µg/m³', timestamp: new Date().toISOString() };
}

describe('the live gateway', () => {
  let database: Awaited<ReturnType<typeof embedded.create>>;
  let server: LiveTestServer;
  let cookie: string;
  let token: string;
  const clients: LiveClient[] = [];

  function client(
    credentials: { cookie?: string; token?: string },
    reconnection = false,
    protocol?: number | null,
  ) {
    const c = liveClient(server.url, credentials, { reconnection, protocol });
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    database = await embedded.create();
    server = await startLiveTestServer(database);
    cookie = (await signUp(server.app)).cookie;
    const res = await getWith(server.app, '/api/auth/token', { cookie });
    token = ((await res.json()) as { token: string }).token;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  describe('handshake', () => {
    it('refuses an anonymous connection with "unauthorized"', async () => {
      await expect(connected(client({}))).rejects.toThrow('unauthorized');
    });

    it('refuses a bad bearer token with "unauthorized"', async () => {
      await expect(connected(client({ token: 'not.a.jwt' }))).rejects.toThrow('unauthorized');
      await expect(connected(client({ token: `${token}x` }))).rejects.toThrow('unauthorized');
    });

    it('refuses a session cookie that names no session', async () => {
      await expect(
        connected(client({ cookie: 'smart-city.session_token=forged.value' })),
      ).rejects.toThrow('unauthorized');
    });

    it('accepts a signed-in citizen by session cookie', async () => {
      await expect(connected(client({ cookie }))).resolves.toBeUndefined();
    });

    it('accepts a bearer JWT given as auth.token', async () => {
      await expect(connected(client({ token }))).resolves.toBeUndefined();
    });

    it("refuses a client on another protocol version, telling it the server's, before asking who it is", async () => {
      for (const credentials of [{ cookie }, {}]) {
        const refusal = connected(client(credentials, false, LIVE_PROTOCOL_VERSION + 1));
        await expect(refusal).rejects.toThrow(LIVE_PROTOCOL_MISMATCH);
        await expect(refusal).rejects.toMatchObject({ data: { protocol: LIVE_PROTOCOL_VERSION } });
      }
      await expect(connected(client({ token }, false, LIVE_PROTOCOL_VERSION - 1))).rejects.toThrow(
        LIVE_PROTOCOL_MISMATCH,
      );
    });

    it('lets in a client that names no protocol version, as a script may', async () => {
      const script = client({ cookie }, false, null);
      await expect(connected(script)).resolves.toBeUndefined();
      await subscribe(script, 'kolkata');
      const alert = sampleAlert('kolkata');
      const received = nextEvent(script, 'alert:created');
      server.events.emit('alert:created', alert);
      expect(await received).toEqual(alert);
    });

    it('still refuses an anonymous client on this protocol version with "unauthorized"', async () => {
      await expect(connected(client({}, false, LIVE_PROTOCOL_VERSION))).rejects.toThrow(
        'unauthorized',
      );
    });
  });

  describe('ending access', () => {
    function disconnectReason(c: LiveClient): Promise<string> {
      return new Promise((resolve) => c.once('disconnect', (reason) => resolve(reason)));
    }

    it('ends the connection of the session that signs out, not of its other sessions', async () => {
      const person = await signUp(server.app);
      const other = await signIn(server.app, person.email, person.password);
      const leaving = client({ cookie: person.cookie });
      const staying = client({ cookie: other.cookie });
      await Promise.all([connected(leaving), connected(staying)]);
      const ended = disconnectReason(leaving);

      const res = await postJson(server.app, '/api/auth/sign-out', {}, { cookie: person.cookie });
      expect(res.status).toBe(200);
      expect(await ended).toBe('io server disconnect');
      await new Promise((r) => setTimeout(r, 100));
      expect(staying.connected).toBe(true);
    });

    it('ends every connection of a banned account, bearer-token ones included', async () => {
      await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
      const admin = await signIn(server.app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const person = await signUp(server.app);
      const res = await getWith(server.app, '/api/auth/token', { cookie: person.cookie });
      const personToken = ((await res.json()) as { token: string }).token;
      const byCookie = client({ cookie: person.cookie });
      const byToken = client({ token: personToken });
      await Promise.all([connected(byCookie), connected(byToken)]);
      const ended = Promise.all([disconnectReason(byCookie), disconnectReason(byToken)]);

      const banned = await postJson(
        server.app,
        '/api/auth/admin/ban-user',
        { userId: person.user.id },
        { cookie: admin.cookie },
      );
      expect(banned.status).toBe(200);
      expect(await ended).toEqual(['io server disconnect', 'io server disconnect']);
      await expect(connected(client({ token: personToken }))).rejects.toThrow('unauthorized');
    });
  });

  describe('subscriptions', () => {
    it('acknowledges subscribe and unsubscribe and refuses an unknown city', async () => {
      const c = client({ cookie });
      await connected(c);
      expect(await subscribe(c, 'kolkata')).toEqual({ ok: true });
      expect(await subscribe(c, 'kolkata')).toEqual({ ok: true });
      expect(await subscribe(c, 'atlantis')).toEqual({ ok: false, error: 'unknown city' });
      expect(await unsubscribe(c, 'kolkata')).toEqual({ ok: true });
      expect(await unsubscribe(c, 'atlantis')).toEqual({ ok: false, error: 'unknown city' });
    });

    it('stops delivering a city after unsubscribe', async () => {
      const c = client({ cookie });
      await connected(c);
      await subscribe(c, 'kharagpur');
      await unsubscribe(c, 'kharagpur');
      const seen = collect(c, 'alert:created', 150);
      server.events.emit('alert:created', sampleAlert('kharagpur'));
      expect(await seen).toEqual([]);
    });
  });

  describe('readings', () => {
    it('reach subscribers of their city only, as the latest value per sensor', async () => {
      const kolkata = client({ cookie });
      const newYork = client({ cookie });
      await Promise.all([connected(kolkata), connected(newYork)]);
      await subscribe(kolkata, 'kolkata');
      await subscribe(newYork, 'new-york');

      const atKolkata = collect(kolkata, 'readings', LIVE_BATCH_INTERVAL_MS * 2 + 100);
      const atNewYork = collect(newYork, 'readings', LIVE_BATCH_INTERVAL_MS * 2 + 100);
      // Ten readings for two sensors spread over less than one batch interval.
      for (let i = 1; i <= 10; i++) {
        server.events.emit('readings', {
          city: 'kolkata',
          readings: [reading(i % 2 ? 'aq-1' : 'aq-2', i)],
        });
        await new Promise((r) => setTimeout(r, 20));
      }

      const messages = await atKolkata;
      expect(messages.length).toBeGreaterThanOrEqual(1);
      expect(messages.length).toBeLessThanOrEqual(2);
      expect(messages.every((m) => m.city === 'kolkata')).toBe(true);
      const last = messages.at(-1)!;
      const latest = Object.fromEntries(last.readings.map((r) => [r.sensorId, r.value]));
      expect(latest).toEqual({ 'aq-1': 9, 'aq-2': 10 });
      expect(await atNewYork).toEqual([]);
    });

    it('coalesces readings emitted together into one message', async () => {
      const c = client({ cookie });
      await connected(c);
      await subscribe(c, 'kharagpur');
      // After a quiet interval the next batch leaves on the next tick.
      await new Promise((r) => setTimeout(r, LIVE_BATCH_INTERVAL_MS));
      const seen = collect(c, 'readings', 150);
      for (let i = 1; i <= 10; i++)
        server.events.emit('readings', { city: 'kharagpur', readings: [reading('n-1', i)] });
      const messages = await seen;
      expect(messages).toHaveLength(1);
      expect(messages[0]!.readings).toEqual([
        expect.objectContaining({ sensorId: 'n-1', value: 10 }),
      ]);
    });
  });

  describe('through the ingest API', () => {
    it('delivers a reading posted by an operator to a subscriber of its city', async () => {
      await seedDemoAccounts(server.auth.auth, DEFAULT_DEMO_PASSWORD);
      const operator = (await signIn(server.app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD))
        .cookie;
      const sensors = (await (
        await getWith(server.app, '/api/sensors?city=kharagpur', { cookie: operator })
      ).json()) as { id: string; city: string }[];
      const sensor = sensors.find((s) => s.city === 'kharagpur')!;

      const c = client({ cookie });
      await connected(c);
      await subscribe(c, 'kharagpur');
      const received = nextEvent(c, 'readings');
      const posted = await postJson(
        server.app,
        '/api/ingest/readings',
        { readings: [{ sensorId: sensor.id, value: 1.5 }] },
        { cookie: operator },
      );
      expect(posted.status).toBe(202);
      expect((await received).readings).toEqual([
        expect.objectContaining({ sensorId: sensor.id, value: 1.5 }),
      ]);
    });
  });

  describe('alerts, sensors and stats', () => {
    it('go out at once to the room of their city only', async () => {
      const kolkata = client({ cookie });
      const kharagpur = client({ token });
      await Promise.all([connected(kolkata), connected(kharagpur)]);
      await subscribe(kolkata, 'kolkata');
      await subscribe(kharagpur, 'kharagpur');
      const elsewhere = Promise.all([
        collect(kharagpur, 'alert:created', 200),
        collect(kharagpur, 'alert:updated', 200),
        collect(kharagpur, 'alert:deleted', 200),
        collect(kharagpur, 'sensor:updated', 200),
        collect(kharagpur, 'stats', 200),
      ]);

      const alert = sampleAlert('kolkata');
      const created = nextEvent(kolkata, 'alert:created');
      server.events.emit('alert:created', alert);
      expect(await created).toEqual(alert);

      const updated = nextEvent(kolkata, 'alert:updated');
      server.events.emit('alert:updated', { ...alert, severity: 'critical' });
      expect((await updated).severity).toBe('critical');

      const deleted = nextEvent(kolkata, 'alert:deleted');
      server.events.emit('alert:deleted', { id: alert.id, city: 'kolkata' });
      expect(await deleted).toEqual({ id: alert.id, city: 'kolkata' });

      const sensor = nextEvent(kolkata, 'sensor:updated');
      const sensorEvent = {
        id: 's-1',
        city: 'kolkata' as const,
        status: 'maintenance' as const,
        metadata: { note: 'filter change' },
      };
      server.events.emit('sensor:updated', sensorEvent);
      expect(await sensor).toEqual(sensorEvent);

      const stats = nextEvent(kolkata, 'stats');
      const statsEvent = {
        city: 'kolkata' as const,
        totalSensors: 12,
        activeSensors: 11,
        alerts: 3,
        criticalAlerts: 1,
        lastUpdate: new Date().toISOString(),
      };
      server.events.emit('stats', statsEvent);
      expect(await stats).toEqual(statsEvent);

      // Nothing of Kolkata's reaches Kharagpur's room. (Kharagpur's own counts may: the reading an
      // earlier test posted made one of its sensors active, which the fold announces a moment later.)
      expect((await elsewhere).flat().filter((event) => event.city !== 'kharagpur')).toEqual([]);
    });
  });

  describe('reconnection', () => {
    it('delivers again after the client reconnects and subscribes anew', async () => {
      const c = client({ cookie }, true);
      await connected(c);
      await subscribe(c, 'new-york');

      // The server drops the connection; a server-side disconnect is not retried by Socket.IO, so
      // the client reconnects by hand, as the web client does after it refetches its snapshot.
      const dropped = new Promise((r) => c.once('disconnect', r));
      server.gateway.disconnectUser((await whoAmI(cookie)).id);
      await dropped;
      c.connect();
      await connected(c);
      expect(await subscribe(c, 'new-york')).toEqual({ ok: true });

      const alert = sampleAlert('new-york');
      const received = nextEvent(c, 'alert:created');
      server.events.emit('alert:created', alert);
      expect(await received).toEqual(alert);
    });

    it('recovers by itself from a dropped transport', async () => {
      const c = client({ cookie }, true);
      await connected(c);
      const reconnected = new Promise((r) => c.io.once('reconnect', r));
      // Closing the engine underneath imitates a network drop, which the client retries on its own.
      c.io.engine.close();
      await reconnected;
      expect(await subscribe(c, 'kolkata')).toEqual({ ok: true });
      const alert = sampleAlert('kolkata');
      const received = nextEvent(c, 'alert:created');
      server.events.emit('alert:created', alert);
      expect(await received).toEqual(alert);
    });
  });

  async function whoAmI(sessionCookie: string) {
    const res = await getWith(server.app, '/api/auth/get-session', { cookie: sessionCookie });
    return ((await res.json()) as { user: { id: string } }).user;
  }
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two gateways on one PostgreSQL', () => {
  let pgDatabase: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let a: LiveTestServer;
  let b: LiveTestServer;
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    pgDatabase = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL!);
    handles = await Promise.all([
      openDatabase({ kind: 'postgres', url: pgDatabase.url }),
      openDatabase({ kind: 'postgres', url: pgDatabase.url }),
    ]);
    const adapter = () =>
      postgresLiveAdapter({ databaseUrl: pgDatabase.url, logger: silentLogger });
    a = await startLiveTestServer(handles[0]!, { adapter: adapter() });
    b = await startLiveTestServer(handles[1]!, { adapter: adapter() });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await Promise.all(handles.map((h) => h.close()));
    await pgDatabase?.dispose();
  });

  it('delivers an alert raised on one process to a client of the other', async () => {
    const { cookie } = await signUp(a.app);
    const c = liveClient(b.url, { cookie });
    try {
      await connected(c);
      await subscribe(c, 'kolkata');
      const alert = sampleAlert('kolkata');
      const received = nextEvent(c, 'alert:created', 10_000);
      // Process B starts listening for notifications shortly after it starts; until then a
      // broadcast from A has no one to reach, so A repeats it until B has heard it once.
      const repeat = setInterval(() => a.events.emit('alert:created', alert), 100);
      a.events.emit('alert:created', alert);
      try {
        expect(await received).toEqual(alert);
      } finally {
        clearInterval(repeat);
      }
    } finally {
      c.disconnect();
    }
  });

  // Runs after the test above, which waited until process B was listening.
  it('carries a readings batch too large for one notification', async () => {
    const { cookie } = await signUp(b.app);
    const c = liveClient(b.url, { cookie });
    try {
      await connected(c);
      await subscribe(c, 'kharagpur');
      const readings = Array.from({ length: 300 }, (_, i) => reading(`kgp-${i}`, i));
      const received = nextEvent(c, 'readings', 10_000);
      a.events.emit('readings', { city: 'kharagpur', readings });
      const event = await received;
      expect(event.city).toBe('kharagpur');
      expect(event.readings).toHaveLength(300);
    } finally {
      c.disconnect();
    }
  });

  it('gives a viewer one message per interval, carrying what both processes stored', async () => {
    const { cookie } = await signUp(b.app);
    const c = liveClient(b.url, { cookie });
    try {
      await connected(c);
      await subscribe(c, 'new-york');
      const started = Date.now();
      const messages = collect(c, 'readings', 2_000 + LIVE_BATCH_INTERVAL_MS * 3);
      let value = 0;
      // Both processes store a reading every 20 ms for two seconds.
      const storing = setInterval(() => {
        value += 1;
        a.events.emit('readings', { city: 'new-york', readings: [reading('from-a', value)] });
        b.events.emit('readings', { city: 'new-york', readings: [reading('from-b', value)] });
      }, 20);
      setTimeout(() => clearInterval(storing), 2_000);
      const received = await messages;
      const seconds = (Date.now() - started) / 1000;
      // Four messages a second, not four per process.
      expect(received.length).toBeLessThanOrEqual(
        Math.ceil((seconds * 1000) / LIVE_BATCH_INTERVAL_MS) + 1,
      );
      const latest = (sensorId: string) =>
        received.flatMap((m) => m.readings).findLast((r) => r.sensorId === sensorId)?.value;
      expect({ a: latest('from-a'), b: latest('from-b') }).toEqual({ a: value, b: value });
      const withBoth = received.filter(
        (m) =>
          m.readings.some((r) => r.sensorId === 'from-a') &&
          m.readings.some((r) => r.sensorId === 'from-b'),
      );
      expect(withBoth.length).toBeGreaterThanOrEqual(received.length / 2);
    } finally {
      c.disconnect();
    }
  });

  // PostgreSQL ends connections on a restart or a fail-over. Each process listens on one connection
  // of a pool of four; ending it five times shows no dead connection is left holding a place.
  it('listens again each time PostgreSQL ends the listening connections, more often than a pool holds', async () => {
    const { cookie } = await signUp(b.app);
    const c = liveClient(b.url, { cookie });
    const database = new URL(pgDatabase.url).pathname.slice(1);
    try {
      await connected(c);
      await subscribe(c, 'kolkata');
      const listeners = (action: 'pid' | 'pg_terminate_backend(pid)') =>
        withAdmin(process.env.TEST_DATABASE_URL!, (admin) =>
          admin.query(
            `select ${action} from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
            [database],
          ),
        );
      for (let round = 1; round <= 5; round++) {
        // Both processes listen again before the next round ends their connections.
        await expect
          .poll(async () => (await listeners('pid')).rowCount, { timeout: 10_000 })
          .toBe(2);
        expect((await listeners('pg_terminate_backend(pid)')).rowCount, `round ${round}`).toBe(2);
        const alert = sampleAlert('kolkata');
        const received = new Promise<void>((resolve) =>
          c.on('alert:created', (got) => got.id === alert.id && resolve()),
        );
        // Heard once B listens again (within 1 to 3 s), which only a new connection can do.
        const repeat = setInterval(() => a.events.emit('alert:created', alert), 100);
        try {
          await received;
        } finally {
          clearInterval(repeat);
        }
      }
    } finally {
      c.disconnect();
    }
  }, 60_000);
});
