import { DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, HttpError } from '../http/errors';
import { getWith, postJson, signIn, signUp } from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestApp, createTestAuth } from '../test/test-app';
import type { AppAuth } from './app-auth';
import { seedDemoAccounts } from './demo-accounts';
import { requirePermission, requireRole, requireUser } from './policies';
import { requestAuth } from './request-auth';

type Caller = 'anonymous' | 'citizen' | 'operator' | 'admin';
type Credentials = { cookie?: string; token?: string };

/** A router that exists only here, to exercise the policies later endpoints will use. */
function guardedRoutes(appAuth: AppAuth) {
  const whoAmI = (c: { get: (key: 'user') => { id: string; role: string } }) => c.get('user');
  return new Hono()
    .use('*', requestAuth(appAuth.resolveCaller))
    .get('/signed-in', requireUser, (c) => c.json(whoAmI(c)))
    .get('/operations', requireRole('operator', 'admin'), (c) => c.json(whoAmI(c)))
    .get('/administration', requireRole('admin'), (c) => c.json(whoAmI(c)))
    .get('/readers', requirePermission('read'), (c) => c.json(whoAmI(c)))
    .get('/writers', requirePermission('write'), (c) => c.json(whoAmI(c)))
    .get('/deleters', requirePermission('delete'), (c) => c.json(whoAmI(c)))
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

  beforeAll(async () => {
    database = await create();
    appAuth = createTestAuth(database);
    await seedDemoAccounts(appAuth.auth, DEFAULT_DEMO_PASSWORD);
    app = createTestApp(database, { auth: appAuth });
    guarded = guardedRoutes(appAuth);
    const citizen = await signUp(app);
    const operator = await signIn(app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD);
    const admin = await signIn(app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
    callers.anonymous = {};
    callers.citizen = { cookie: citizen.cookie, id: citizen.user.id };
    callers.operator = { cookie: operator.cookie, id: operator.user.id };
    callers.admin = { cookie: admin.cookie, id: admin.user.id };
    target = (await signUp(app)).user;
  });
  afterAll(() => database?.dispose());

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
      name: 'requireUser',
      call: (credentials) => getWith(guarded, '/signed-in', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: "requireRole('operator', 'admin')",
      call: (credentials) => getWith(guarded, '/operations', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: "requireRole('admin')",
      call: (credentials) => getWith(guarded, '/administration', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 403, admin: 200 },
    },
    {
      name: "requirePermission('read')",
      call: (credentials) => getWith(guarded, '/readers', credentials),
      expected: { anonymous: 401, citizen: 200, operator: 200, admin: 200 },
    },
    {
      name: "requirePermission('write')",
      call: (credentials) => getWith(guarded, '/writers', credentials),
      expected: { anonymous: 401, citizen: 403, operator: 200, admin: 200 },
    },
    {
      name: "requirePermission('delete')",
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
          expect(await res.json()).toEqual({
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
