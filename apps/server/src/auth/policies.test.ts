import {
  canHandleAlerts,
  canPublishNotices,
  DEFAULT_DEMO_PASSWORD,
  roleHasPermission,
  type Permission,
  type Role,
} from '@smart-city/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, HttpError } from '../http/errors';
import { getWith, postJson, signIn, signUp, TEST_ORIGIN } from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestApp, createTestAuth } from '../test/test-app';
import type { AppAuth } from './app-auth';
import { seedDemoAccounts } from './demo-accounts';
import { requirePolicy, requireUser } from './policies';
import { requestAuth } from './request-auth';

type Caller = 'anonymous' | 'citizen' | 'operator' | 'admin';
type Credentials = { cookie?: string; token?: string };

/** A policy of holding one permission of the reference facts. */
const holding = (permission: Permission) => (role: Role) => roleHasPermission(role, permission);

/** A router that exists only here, to exercise the policies later endpoints will use. */
function guardedRoutes(appAuth: AppAuth) {
  const whoAmI = (c: { get: (key: 'user') => { id: string; role: string } }) => c.get('user');
  return new Hono()
    .use('*', requestAuth(appAuth.resolveCaller))
    .get('/signed-in', requireUser, (c) => c.json(whoAmI(c)))
    .get('/operations', requirePolicy(canHandleAlerts), (c) => c.json(whoAmI(c)))
    .get('/administration', requirePolicy(canPublishNotices), (c) => c.json(whoAmI(c)))
    .get('/readers', requirePolicy(holding('read')), (c) => c.json(whoAmI(c)))
    .get('/writers', requirePolicy(holding('write')), (c) => c.json(whoAmI(c)))
    .get('/deleters', requirePolicy(holding('delete')), (c) => c.json(whoAmI(c)))
    .onError((err, c) => {
      if (err instanceof HttpError) return errorResponse(c, err.status, err.code, err.message);
      throw err;
    });
}

describe.each(testDatabases())('access by role on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let appAuth: AppAuth;
  let app: ReturnType<typeof createTestApp>;
  let guarded: ReturnType<typeof guardedRoutes>;
  const callers = {} as Record<Caller, Credentials & { id?: string }>;
  let target: { id: string };
  let contractId: string;
  /** A new contract each time: feedback is given once per contract. */
  let newContract: () => Promise<string>;

  beforeAll(async () => {
    database = await create();
    appAuth = createTestAuth(database);
    await seedDemoAccounts(appAuth.auth, DEFAULT_DEMO_PASSWORD);
    // One reading raises the alert the comment routes are tried on.
    app = createTestApp(database, { auth: appAuth, alertOnDelay: 'off' });
    guarded = guardedRoutes(appAuth);
    const citizen = await signUp(app);
    const operator = await signIn(app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD);
    const admin = await signIn(app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
    callers.anonymous = {};
    callers.citizen = { cookie: citizen.cookie, id: citizen.user.id };
    callers.operator = { cookie: operator.cookie, id: operator.user.id };
    callers.admin = { cookie: admin.cookie, id: admin.user.id };
    target = (await signUp(app)).user;
    newContract = async () => {
      const contract = await postJson(
        app,
        '/api/contracts',
        {
          name: 'Ward 12 drainage',
          type: 'public_works',
          description: 'New storm drains in ward 12.',
        },
        { cookie: admin.cookie },
      );
      return ((await contract.json()) as { id: string }).id;
    };
    contractId = await newContract();
  });

  /** A JSON write with a session cookie or a bearer token, as each caller has one. */
  const write = (
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    { cookie, token }: Credentials,
  ) =>
    app.request(path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Origin: TEST_ORIGIN,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  afterAll(() => database?.dispose());

  /** POST JSON with the session cookie or a bearer token, as the web app or a script would. */
  const postWith = (path: string, body: unknown, { cookie, token }: Credentials) =>
    postJson(app, path, body, {
      cookie,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });

  /** A booking of the admin's, moved on by the admin through `steps`; returns its id. */
  async function adminBooking(...steps: string[]) {
    const res = await postWith(
      '/api/emergency/bookings',
      { service: 'police', urgency: 'low', location: 'Maidan', contactPhone: '9830012345' },
      { cookie: callers.admin.cookie },
    );
    const { id } = (await res.json()) as { id: string };
    for (const step of steps)
      await postWith(`/api/emergency/bookings/${id}/${step}`, {}, { cookie: callers.admin.cookie });
    return id;
  }

  /** A critical alert on Howrah Bridge, raised on first use. */
  let raised: Promise<string> | undefined;
  function criticalAlert() {
    raised ??= (async () => {
      const sensorId = 'kolkata-traffic-howrah-bridge';
      await postWith(
        '/api/ingest/readings',
        { readings: [{ sensorId, value: 97 }] },
        { cookie: callers.admin.cookie },
      );
      const res = await getWith(app, `/api/alerts?q=${sensorId}&limit=1`, {
        cookie: callers.admin.cookie,
      });
      return ((await res.json()) as { id: string }[])[0]!.id;
    })();
    return raised;
  }

  async function bearerFor(cookie: string) {
    const res = await getWith(app, '/api/auth/token', { cookie });
    return ((await res.json()) as { token: string }).token;
  }

  const endpoints: {
    name: string;
    call: (credentials: Credentials) => Promise<Response> | Response;
    expected: Record<Caller, number>;
    /** better-auth's endpoints answer in its own error shape. */
    betterAuth?: boolean;
  }[] = [
    {
      name: 'GET /api/profile',
      call: (credentials) => getWith(app, '/api/profile', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'PATCH /api/profile',
      call: ({ cookie, token }) =>
        app.request('/api/profile', {
          method: 'PATCH',
          headers: {
            'Content-Type': 'application/json',
            ...(cookie ? { Cookie: cookie } : {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ department: 'Operations' }),
        }),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/auth/admin/set-role',
      call: ({ cookie }) =>
        postJson(
          app,
          '/api/auth/admin/set-role',
          { userId: target.id, role: 'citizen' },
          { cookie },
        ),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
      betterAuth: true,
    },
    {
      name: 'GET /api/ledger/summary (public)',
      call: (credentials) => getWith(app, '/api/ledger/summary', credentials),
      expected: { anonymous: 200, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/contracts (public)',
      call: (credentials) => getWith(app, '/api/contracts', credentials),
      expected: { anonymous: 200, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/contracts',
      call: (credentials) =>
        write(
          'POST',
          '/api/contracts',
          { name: 'Bus shelters', type: 'procurement', description: 'Forty solar bus shelters.' },
          credentials,
        ),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 201 },
    },
    {
      name: 'PATCH /api/contracts/:id',
      call: (credentials) =>
        write('PATCH', `/api/contracts/${contractId}`, { status: 'active' }, credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: 'POST /api/contracts/:id/feedback',
      call: async (credentials) =>
        write(
          'POST',
          `/api/contracts/${await newContract()}/feedback`,
          { body: 'Good idea.' },
          credentials,
        ),
      expected: { anonymous: 401, citizen: 201, operator: 403, admin: 403 },
    },
    {
      name: 'GET /api/emergency/services',
      call: (credentials) => getWith(app, '/api/emergency/services?city=kolkata', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/emergency/quote',
      call: (credentials) =>
        postWith('/api/emergency/quote', { service: 'fire', urgency: 'high' }, credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/emergency/bookings',
      call: (credentials) =>
        postWith(
          '/api/emergency/bookings',
          { service: 'ambulance', urgency: 'low', location: 'Maidan', contactPhone: '9830012345' },
          credentials,
        ),
      expected: { anonymous: 401, citizen: 201, operator: 201, admin: 201 },
    },
    {
      name: 'GET /api/emergency/bookings',
      call: (credentials) => getWith(app, '/api/emergency/bookings', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/emergency/bookings/summary',
      call: (credentials) => getWith(app, '/api/emergency/bookings/summary', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: "GET /api/emergency/bookings/:id (another person's)",
      call: async (credentials) =>
        getWith(app, `/api/emergency/bookings/${await adminBooking()}`, credentials),
      expected: { anonymous: 401, citizen: 404, operator: 200, admin: 200 },
    },
    {
      // A confirmed booking cannot be confirmed again: getting past the policy is what shows.
      name: 'POST /api/emergency/bookings/:id/confirm',
      call: async (credentials) =>
        postWith(`/api/emergency/bookings/${await adminBooking()}/confirm`, {}, credentials),
      expected: { anonymous: 401, citizen: 403, operator: 409, admin: 409 },
    },
    {
      name: 'POST /api/emergency/bookings/:id/dispatch',
      call: async (credentials) =>
        postWith(
          `/api/emergency/bookings/${await adminBooking()}/dispatch`,
          { unit: 'PCR-4', etaMinutes: 5 },
          credentials,
        ),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/emergency/bookings/:id/start',
      call: async (credentials) =>
        postWith(
          `/api/emergency/bookings/${await adminBooking('dispatch')}/start`,
          {},
          credentials,
        ),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/emergency/bookings/:id/complete',
      call: async (credentials) =>
        postWith(
          `/api/emergency/bookings/${await adminBooking('dispatch', 'start')}/complete`,
          {},
          credentials,
        ),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: "POST /api/emergency/bookings/:id/cancel (another person's)",
      call: async (credentials) =>
        postWith(`/api/emergency/bookings/${await adminBooking()}/cancel`, {}, credentials),
      expected: { anonymous: 401, citizen: 404, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/billing/statement',
      call: (credentials) => getWith(app, '/api/billing/statement?month=2026-03', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/billing/overview',
      call: (credentials) => getWith(app, '/api/billing/overview?month=2026-03', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: 'GET /api/escalation-policies',
      call: (credentials) => getWith(app, '/api/escalation-policies', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: 'POST /api/escalation-policies/preview',
      call: (credentials) =>
        postWith(
          '/api/escalation-policies/preview',
          {
            city: 'kolkata',
            severity: 'critical',
            steps: [{ afterSeconds: 60, action: 'notify' }],
          },
          credentials,
        ),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: 'GET /api/staff',
      call: (credentials) => getWith(app, '/api/staff', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/notifications',
      call: (credentials) => getWith(app, '/api/notifications', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'GET /api/alerts/:id/comments',
      call: async (credentials) =>
        getWith(app, `/api/alerts/${await criticalAlert()}/comments`, credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: 'POST /api/alerts/:id/comments',
      call: async (credentials) =>
        postWith(`/api/alerts/${await criticalAlert()}/comments`, { body: 'On it.' }, credentials),
      expected: { anonymous: 401, citizen: 403, operator: 201, admin: 201 },
    },
    {
      name: 'requireUser',
      call: (credentials) => getWith(guarded, '/signed-in', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: 'requirePolicy(canHandleAlerts)',
      call: (credentials) => getWith(guarded, '/operations', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: 'requirePolicy(canPublishNotices)',
      call: (credentials) => getWith(guarded, '/administration', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: "requirePolicy(holding('read'))",
      call: (credentials) => getWith(guarded, '/readers', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: "requirePolicy(holding('write'))",
      call: (credentials) => getWith(guarded, '/writers', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: "requirePolicy(holding('delete'))",
      call: (credentials) => getWith(guarded, '/deleters', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
  ];

  it.each(endpoints)(
    '$name answers each role as the policy says',
    async ({ call, expected, betterAuth }) => {
      for (const caller of ['anonymous', 'citizen', 'operator', 'admin'] as const) {
        const res = await call(callers[caller]);
        expect(res.status, caller).toBe(expected[caller]);
        if (betterAuth) continue;
        if (res.status === 401) {
          expect(await res.json()).toMatchObject({
            error: { code: 'unauthorized', message: 'User not authenticated' },
          });
        }
        if (res.status === 403) {
          expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
        }
      }
    },
  );

  it('applies the same policies to bearer tokens', async () => {
    for (const caller of ['citizen', 'operator', 'admin'] as const) {
      const token = await bearerFor(callers[caller].cookie!);
      for (const { name, call, expected } of endpoints.filter((e) => !e.betterAuth)) {
        const res = await call({ token });
        expect(res.status, `${caller} ${name}`).toBe(expected[caller]);
      }
    }
  });

  it('reads the role from the account, so a change applies to tokens already issued', async () => {
    const person = await signUp(app);
    const token = await bearerFor(person.cookie);
    expect((await getWith(guarded, '/operations', { token })).status).toBe(403);

    const promoted = await postJson(
      app,
      '/api/auth/admin/set-role',
      { userId: person.user.id, role: 'operator' },
      { cookie: callers.admin.cookie },
    );
    expect(promoted.status).toBe(200);
    expect((await getWith(guarded, '/operations', { token })).status).toBe(200);
    expect((await getWith(guarded, '/operations', { cookie: person.cookie })).status).toBe(200);

    const banned = await postJson(
      app,
      '/api/auth/admin/ban-user',
      { userId: person.user.id },
      { cookie: callers.admin.cookie },
    );
    expect(banned.status).toBe(200);
    expect((await getWith(guarded, '/signed-in', { token })).status).toBe(401);
    const profile = await database.db
      .selectFrom('users')
      .select('is_active')
      .where('id', '=', person.user.id)
      .executeTakeFirst();
    expect(profile?.is_active).toBe(false);
  });
});
