import { DEFAULT_NOTIFICATION_PREFERENCES, userProfileSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, signUp } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestApp } from '../../test/test-app';

describe.each(testDatabases())('/api/profile on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database);
  });
  afterAll(() => database?.dispose());

  function patch(body: unknown, cookie?: string) {
    return app.request('/api/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  const notAuthenticated = {
    error: {
      code: 'unauthorized',
      message: 'User not authenticated',
      requestId: expect.any(String),
    },
  };

  it('answers 401 "User not authenticated" without a session', async () => {
    const read = await app.request('/api/profile');
    expect(read.status).toBe(401);
    expect(await read.json()).toEqual(notAuthenticated);
    for (const body of [{ firstName: 'Mallory' }, { firstName: '' }]) {
      const res = await patch(body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(notAuthenticated);
    }
  });

  it('shows the signed-in person in the app user shape', async () => {
    const person = await signUp(app, { firstName: 'Ravi', lastName: 'Sen', department: 'Water' });
    const res = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const profile = userProfileSchema.parse(await res.json());
    expect(profile).toEqual({
      id: person.user.id,
      email: person.email,
      firstName: 'Ravi',
      lastName: 'Sen',
      role: 'citizen',
      department: 'Water',
      phone: null,
      avatarUrl: null,
      isActive: true,
      lastLogin: expect.any(String),
      createdAt: expect.any(String),
      isDemoUser: false,
      area: null,
    });
  });

  it('changes only the fields sent, clears with null, and renames the account', async () => {
    const person = await signUp(app, { department: 'Energy' });
    const res = await patch(
      {
        firstName: '  Meera ',
        phone: '+91 98765 43210',
        avatarUrl: 'https://example.org/meera.png',
        department: null,
      },
      person.cookie,
    );
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated).toMatchObject({
      firstName: 'Meera',
      lastName: 'Roy',
      phone: '+91 98765 43210',
      avatarUrl: 'https://example.org/meera.png',
      department: null,
    });
    const again = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(await again.json()).toEqual(updated);

    const session = await getWith(app, '/api/auth/get-session', { cookie: person.cookie });
    expect(await session.json()).toMatchObject({ user: { name: 'Meera Roy' } });
  });

  it.each([
    [{ firstName: '' }, 'firstName'],
    [{ lastName: 'x'.repeat(61) }, 'lastName'],
    [{ phone: 'call me' }, 'phone'],
    [{ phone: '12' }, 'phone'],
    [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl'],
    [{ avatarUrl: 'ftp://example.org/a.png' }, 'avatarUrl'],
    [{ role: 'admin' }, '(body)'],
    [{ email: 'someone@example.org' }, '(body)'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const person = await signUp(app);
    const res = await patch(body, person.cookie);
    expect(res.status).toBe(400);
    const error = (await res.json()) as {
      error: { code: string; details: { path: string; message: string }[] };
    };
    expect(error.error.code).toBe('invalid_input');
    expect(error.error.details.map((d) => d.path)).toContain(field);
    const unchanged = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(await unchanged.json()).toMatchObject({ role: 'citizen', email: person.email });
  });

  describe('preferences', () => {
    function patchPreferences(body: unknown, cookie?: string) {
      return app.request('/api/profile/preferences', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
    }

    it('need a session', async () => {
      expect((await app.request('/api/profile/preferences')).status).toBe(401);
      const res = await patchPreferences({ notifications: { notices: false } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(notAuthenticated);
    });

    it('start at the defaults and keep each change', async () => {
      const person = await signUp(app);
      const initial = await getWith(app, '/api/profile/preferences', { cookie: person.cookie });
      expect(initial.status).toBe(200);
      expect(await initial.json()).toEqual({
        notifications: DEFAULT_NOTIFICATION_PREFERENCES,
        language: null,
      });

      const first = await patchPreferences(
        { notifications: { warningAlerts: true } },
        person.cookie,
      );
      expect(first.status).toBe(200);
      await patchPreferences({ notifications: { notices: false } }, person.cookie);
      const expected = {
        notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, warningAlerts: true, notices: false },
        language: null,
      };
      const again = await getWith(app, '/api/profile/preferences', { cookie: person.cookie });
      expect(await again.json()).toEqual(expected);

      const someoneElse = await signUp(app);
      const theirs = await getWith(app, '/api/profile/preferences', {
        cookie: someoneElse.cookie,
      });
      expect(await theirs.json()).toEqual({
        notifications: DEFAULT_NOTIFICATION_PREFERENCES,
        language: null,
      });
    });

    it('keep the chosen language beside the switches, each change leaving the other alone', async () => {
      const person = await signUp(app);
      const chosen = await patchPreferences({ language: 'bn' }, person.cookie);
      expect(chosen.status).toBe(200);
      expect(await chosen.json()).toEqual({
        notifications: DEFAULT_NOTIFICATION_PREFERENCES,
        language: 'bn',
      });
      await patchPreferences({ notifications: { notices: false } }, person.cookie);
      const both = await patchPreferences(
        { language: 'hi', notifications: { warningAlerts: true } },
        person.cookie,
      );
      const expected = {
        notifications: { ...DEFAULT_NOTIFICATION_PREFERENCES, notices: false, warningAlerts: true },
        language: 'hi',
      };
      expect(await both.json()).toEqual(expected);
      const again = await getWith(app, '/api/profile/preferences', { cookie: person.cookie });
      expect(await again.json()).toEqual(expected);
    });

    it.each([
      [{ notifications: { sms: true } }],
      [{ notifications: { notices: 'yes' } }],
      [{ theme: 'dark' }],
      [{ language: 'fr' }],
      [{ language: null }],
    ])('refuses %j', async (body) => {
      const person = await signUp(app);
      const res = await patchPreferences(body, person.cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_input' } });
    });
  });

  it("keeps the person's area: any city's listed area, cleared with null, nothing else", async () => {
    const person = await signUp(app);
    const set = await patch({ area: 'salt-lake' }, person.cookie);
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ area: 'salt-lake' });
    const read = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(await read.json()).toMatchObject({ area: 'salt-lake' });

    for (const area of ['atlantis', 'Salt Lake', '', 42]) {
      const refused = await patch({ area }, person.cookie);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { code: 'invalid_input', details: [expect.objectContaining({ path: 'area' })] },
      });
    }
    const kept = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(await kept.json()).toMatchObject({ area: 'salt-lake' });

    // Moving to another city's area needs no other change.
    expect(await (await patch({ area: 'harlem' }, person.cookie)).json()).toMatchObject({
      area: 'harlem',
    });
    expect(await (await patch({ area: null }, person.cookie)).json()).toMatchObject({
      area: null,
    });
  });

  it('reads an area no longer listed as none', async () => {
    const person = await signUp(app);
    await database.db
      .updateTable('users')
      .set({ area: 'old-market' })
      .where('id', '=', person.user.id)
      .execute();
    const read = await getWith(app, '/api/profile', { cookie: person.cookie });
    expect(await read.json()).toMatchObject({ area: null });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(Object.keys(doc.paths['/api/profile'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(Object.keys(doc.paths['/api/profile/preferences'] ?? {}).sort()).toEqual([
      'get',
      'patch',
    ]);
    expect(doc.paths['/api/profile']!.get!.security).toEqual([
      { sessionCookie: [] },
      { bearerToken: [] },
    ]);
  });
});
