import { DEFAULT_DEMO_PASSWORD, DEMO_ACCOUNTS, userProfileSchema } from '@smart-city/shared';
import { sql } from 'kysely';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  cookiesFrom,
  createMailbox,
  getWith,
  postJson,
  signIn,
  signUp,
  uniqueEmail,
} from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestApp, createTestAuth } from '../test/test-app';
import { DEMO_ACCOUNT_LOCKED_MESSAGE } from './account-guards';
import { deleteDemoSessions } from './account.repository';
import type { AppAuth } from './app-auth';
import { seedDemoAccounts } from './demo-accounts';

const HOUR_MS = 3_600_000;

describe.each(testDatabases())('accounts on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let appAuth: AppAuth;
  let app: ReturnType<typeof createTestApp>;
  const mailbox = createMailbox();

  beforeAll(async () => {
    database = await create();
    appAuth = createTestAuth(database, { mailer: mailbox.sender });
    await seedDemoAccounts(appAuth.auth, DEFAULT_DEMO_PASSWORD);
    app = createTestApp(database, { auth: appAuth });
  });
  afterAll(() => database?.dispose());

  async function profileRow(id: string) {
    return database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function sessionOf(cookie: string) {
    const res = await getWith(app, '/api/auth/get-session', { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      session: { createdAt: string; expiresAt: string };
      user: { email: string; role: string; isDemo: boolean };
    } | null;
  }

  describe('sign-up', () => {
    it('makes a citizen with a profile, whatever role the body asks for', async () => {
      const email = uniqueEmail('asha');
      const res = await postJson(app, '/api/auth/sign-up/email', {
        email,
        password: 'correct-horse-battery',
        firstName: 'Asha',
        lastName: 'Roy',
        department: 'Traffic',
        role: 'admin',
      });
      expect(res.status).toBe(200);
      const { user } = (await res.json()) as { user: { id: string; role: string; name: string } };
      expect(user).toMatchObject({ role: 'citizen', name: 'Asha Roy' });

      expect(await profileRow(user.id)).toMatchObject({
        first_name: 'Asha',
        last_name: 'Roy',
        department: 'Traffic',
        role: 'citizen',
        is_active: true,
      });
      const profile = await getWith(app, '/api/profile', { cookie: cookiesFrom(res) });
      expect(profile.status).toBe(200);
      expect(userProfileSchema.parse(await profile.json())).toMatchObject({
        id: user.id,
        email,
        firstName: 'Asha',
        lastName: 'Roy',
        role: 'citizen',
        department: 'Traffic',
        isActive: true,
        isDemoUser: false,
      });
    });

    it('e-mails a link that confirms the address', async () => {
      const person = await signUp(app);
      const link = new URL(await mailbox.linkTo(person.email));
      expect(link.pathname).toBe('/api/auth/verify-email');
      const opened = await app.request(link.pathname + link.search);
      expect(opened.status).toBeLessThan(400);
      const verified = await database.db
        .selectFrom('auth_user')
        .select(sql<boolean>`"emailVerified"`.as('verified'))
        .where('id', '=', person.user.id)
        .executeTakeFirstOrThrow();
      expect(verified.verified).toBe(true);
    });

    it('writes the confirmation in the language the app asked in', async () => {
      const email = uniqueEmail('bangla');
      const res = await postJson(
        app,
        '/api/auth/sign-up/email',
        { email, password: 'correct-horse-battery', firstName: 'Asha', lastName: 'Roy' },
        { headers: { 'Accept-Language': 'bn-IN,bn;q=0.9,en;q=0.5' } },
      );
      expect(res.status).toBe(200);
      const mail = await mailbox.latestTo(email);
      expect(mail.subject).toBe('স্মার্ট সিটিতে আপনার ই-মেল ঠিকানা নিশ্চিত করুন');
      expect(mail.text).toContain('এই লিংকটি খুলুন');
    });

    it('refuses missing names, a short password and a taken address', async () => {
      const noName = await postJson(app, '/api/auth/sign-up/email', {
        email: uniqueEmail(),
        password: 'correct-horse-battery',
        lastName: 'Roy',
      });
      expect(noName.status).toBe(400);
      expect(await noName.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('firstName'),
      });

      const shortPassword = await postJson(app, '/api/auth/sign-up/email', {
        email: uniqueEmail(),
        password: 'short',
        firstName: 'Asha',
        lastName: 'Roy',
      });
      expect(shortPassword.status).toBe(400);
      expect(await shortPassword.json()).toMatchObject({
        message: expect.stringContaining('password'),
      });

      const taken = await postJson(app, '/api/auth/sign-up/email', {
        email: DEMO_ACCOUNTS[0]!.email,
        password: 'correct-horse-battery',
        firstName: 'Asha',
        lastName: 'Roy',
      });
      expect(taken.status).toBe(422);
      expect(await taken.json()).toMatchObject({
        message: expect.stringMatching(/already exists/),
      });
    });
  });

  describe('sign-in', () => {
    it('opens a session with the right password and records the sign-in', async () => {
      const person = await signUp(app);
      const before = Date.now();
      const { cookie, user } = await signIn(app, person.email, person.password);
      expect(cookie).toMatch(/smart-city\.session_token=/);
      expect((await sessionOf(cookie))?.user.email).toBe(person.email);
      const lastLogin = (await profileRow(user.id))!.last_login!;
      expect(new Date(lastLogin).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('sets an httpOnly, SameSite=Lax cookie, Secure when PUBLIC_URL is https', async () => {
      const person = await signUp(app);
      const plain = await postJson(app, '/api/auth/sign-in/email', {
        email: person.email,
        password: person.password,
      });
      const [plainCookie] = plain.headers.getSetCookie();
      expect(plainCookie).toMatch(/^smart-city\.session_token=/);
      expect(plainCookie).toMatch(/; HttpOnly/);
      expect(plainCookie).toMatch(/; SameSite=Lax/);
      expect(plainCookie).not.toMatch(/; Secure/);

      const publicUrl = 'https://city.example.org';
      const behindHttps = createTestApp(database, {
        auth: createTestAuth(database, { publicUrl }),
      });
      const secure = await postJson(
        behindHttps,
        '/api/auth/sign-in/email',
        { email: person.email, password: person.password },
        { headers: { Origin: publicUrl } },
      );
      expect(secure.status).toBe(200);
      const [secureCookie] = secure.headers.getSetCookie();
      expect(secureCookie).toMatch(/^__Secure-smart-city\.session_token=/);
      expect(secureCookie).toMatch(/; Secure/);
      expect(secureCookie).toMatch(/; HttpOnly/);
    });

    it('refuses a wrong password and an unknown address alike', async () => {
      const person = await signUp(app);
      const wrong = await postJson(app, '/api/auth/sign-in/email', {
        email: person.email,
        password: 'not-the-password',
      });
      const unknown = await postJson(app, '/api/auth/sign-in/email', {
        email: uniqueEmail('nobody'),
        password: 'not-the-password',
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });

    it('refuses a cookie-carrying POST without an Origin or from a foreign one', async () => {
      const { cookie } = await signUp(app);
      const headers = { 'Content-Type': 'application/json', Cookie: cookie };
      const noOrigin = await app.request('/api/auth/sign-out', {
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(noOrigin.status).toBe(403);
      expect(await noOrigin.json()).toMatchObject({ code: 'MISSING_OR_NULL_ORIGIN' });

      const foreign = await app.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { ...headers, Origin: 'https://evil.example' },
        body: '{}',
      });
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toMatchObject({ code: 'INVALID_ORIGIN' });

      const signOut = await postJson(app, '/api/auth/sign-out', {}, { cookie });
      expect(signOut.status).toBe(200);
      expect(await sessionOf(cookie)).toBeNull();
    });
  });

  describe('password reset', () => {
    it("e-mails the link in the account's language, else in the language asked in", async () => {
      const redirectTo = `${TEST_ORIGIN}/reset-password`;
      const hindi = { 'Accept-Language': 'hi-IN' };
      const undecided = await signUp(app);
      await postJson(
        app,
        '/api/auth/request-password-reset',
        { email: undecided.email, redirectTo },
        { headers: hindi },
      );
      expect((await mailbox.latestTo(undecided.email, '/reset-password')).subject).toBe(
        'अपना स्मार्ट सिटी पासवर्ड बदलें',
      );

      const bengali = await signUp(app);
      const chose = await app.request('/api/profile/preferences', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: bengali.cookie },
        body: JSON.stringify({ language: 'bn' }),
      });
      expect(chose.status).toBe(200);
      await postJson(
        app,
        '/api/auth/request-password-reset',
        { email: bengali.email, redirectTo },
        { headers: hindi },
      );
      const mail = await mailbox.latestTo(bengali.email, '/reset-password');
      expect(mail.subject).toBe('আপনার স্মার্ট সিটি পাসওয়ার্ড বদলান');
      expect(mail.text).toContain(
        `নতুন পাসওয়ার্ড বেছে নিতে এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n${mail.link}`,
      );
    });

    it('resets the password through the e-mailed link', async () => {
      const person = await signUp(app);
      const redirectTo = `${TEST_ORIGIN}/reset-password`;
      const asked = await postJson(app, '/api/auth/request-password-reset', {
        email: person.email,
        redirectTo,
      });
      const unknownAddress = uniqueEmail('nobody');
      const askedUnknown = await postJson(app, '/api/auth/request-password-reset', {
        email: unknownAddress,
        redirectTo,
      });
      expect(asked.status).toBe(200);
      expect(askedUnknown.status).toBe(200);
      expect(await askedUnknown.json()).toEqual(await asked.json());
      const link = new URL(await mailbox.linkTo(person.email, '/reset-password'));
      expect(mailbox.messages.some((m) => m.to === unknownAddress)).toBe(false);
      const opened = await app.request(link.pathname + link.search);
      expect(opened.status).toBe(302);
      const target = new URL(opened.headers.get('location')!);
      expect(target.origin + target.pathname).toBe(redirectTo);
      const token = target.searchParams.get('token')!;
      expect(token).toBeTruthy();

      const reset = await postJson(app, '/api/auth/reset-password', {
        token,
        newPassword: 'a-brand-new-password',
      });
      expect(reset.status).toBe(200);
      const oldPassword = await postJson(app, '/api/auth/sign-in/email', {
        email: person.email,
        password: person.password,
      });
      expect(oldPassword.status).toBe(401);
      await signIn(app, person.email, 'a-brand-new-password');

      const reused = await postJson(app, '/api/auth/reset-password', {
        token,
        newPassword: 'yet-another-password',
      });
      expect(reused.status).toBe(400);
    });
  });

  describe('two-factor sign-in', () => {
    it('enrols TOTP, then asks for a code (or a backup code) at sign-in', async () => {
      const person = await signUp(app);
      const enabled = await postJson(
        app,
        '/api/auth/two-factor/enable',
        { password: person.password },
        { cookie: person.cookie },
      );
      expect(enabled.status).toBe(200);
      const { totpURI, backupCodes } = (await enabled.json()) as {
        totpURI: string;
        backupCodes: string[];
      };
      expect(totpURI).toMatch(/^otpauth:\/\/totp\/Smart%20City:/);
      const totp = URI.parse(totpURI) as TOTP;
      expect(backupCodes.length).toBeGreaterThan(0);

      const verified = await postJson(
        app,
        '/api/auth/two-factor/verify-totp',
        { code: totp.generate() },
        { cookie: person.cookie },
      );
      expect(verified.status).toBe(200);

      const firstStep = await postJson(app, '/api/auth/sign-in/email', {
        email: person.email,
        password: person.password,
      });
      expect(firstStep.status).toBe(200);
      expect(await firstStep.json()).toMatchObject({ twoFactorRedirect: true });
      const pending = cookiesFrom(firstStep);
      expect(pending).not.toMatch(/session_token=/);

      const wrongCode = await postJson(
        app,
        '/api/auth/two-factor/verify-totp',
        { code: '000000' === totp.generate() ? '111111' : '000000' },
        { cookie: pending },
      );
      expect(wrongCode.status).toBe(401);

      const secondStep = await postJson(
        app,
        '/api/auth/two-factor/verify-totp',
        { code: totp.generate() },
        { cookie: pending },
      );
      expect(secondStep.status).toBe(200);
      const session = cookiesFrom(secondStep, pending);
      expect((await sessionOf(session))?.user.email).toBe(person.email);

      const again = await postJson(app, '/api/auth/sign-in/email', {
        email: person.email,
        password: person.password,
      });
      const withBackup = await postJson(
        app,
        '/api/auth/two-factor/verify-backup-code',
        { code: backupCodes[0] },
        { cookie: cookiesFrom(again) },
      );
      expect(withBackup.status).toBe(200);
    });
  });

  describe('roles', () => {
    it('lets an admin change a role, mirrored on the profile', async () => {
      const person = await signUp(app);
      const adminSession = await signIn(app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const res = await postJson(
        app,
        '/api/auth/admin/set-role',
        { userId: person.user.id, role: 'operator' },
        { cookie: adminSession.cookie },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { role: 'operator' } });
      expect((await profileRow(person.user.id))?.role).toBe('operator');
      const profile = await getWith(app, '/api/profile', { cookie: person.cookie });
      expect(await profile.json()).toMatchObject({ role: 'operator' });
    });

    it('refuses a role change from anyone but an admin, and roles that do not exist', async () => {
      const person = await signUp(app);
      const body = { userId: person.user.id, role: 'admin' };
      const operator = await signIn(app, 'operator@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const citizen = await signIn(app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD);
      for (const cookie of [operator.cookie, citizen.cookie, person.cookie]) {
        const res = await postJson(app, '/api/auth/admin/set-role', body, { cookie });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({
          code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
        });
      }
      expect((await postJson(app, '/api/auth/admin/set-role', body)).status).toBe(401);

      const admin = await signIn(app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
      for (const role of ['superuser', ['admin', 'operator']]) {
        const res = await postJson(
          app,
          '/api/auth/admin/set-role',
          { userId: person.user.id, role },
          { cookie: admin.cookie },
        );
        expect(res.status, JSON.stringify(role)).toBe(400);
      }
      expect((await profileRow(person.user.id))?.role).toBe('citizen');
    });
  });

  describe('demo accounts', () => {
    it('are seeded once, with their roles, names and the demo flag', async () => {
      expect(await seedDemoAccounts(appAuth.auth, DEFAULT_DEMO_PASSWORD)).toEqual([]);
      const rows = await database.db
        .selectFrom('auth_user')
        .innerJoin('users', 'users.id', 'auth_user.id')
        .select(['email', 'username', 'auth_user.role', 'is_demo', 'first_name', 'last_name'])
        .where('is_demo', '=', true)
        .orderBy('email')
        .execute();
      expect(rows).toEqual(
        [...DEMO_ACCOUNTS]
          .sort((a, b) => a.email.localeCompare(b.email))
          .map((d) => ({
            email: d.email,
            username: d.username,
            role: d.role,
            is_demo: true,
            first_name: d.firstName,
            last_name: d.lastName,
          })),
      );
    });

    it('follow a changed DEMO_PASSWORD', async () => {
      const changed = await seedDemoAccounts(appAuth.auth, 'a-different-demo-password');
      expect(changed).toHaveLength(DEMO_ACCOUNTS.length);
      await signIn(app, 'test@smartcity.local', 'a-different-demo-password');
      expect(await seedDemoAccounts(appAuth.auth, DEFAULT_DEMO_PASSWORD)).toHaveLength(
        DEMO_ACCOUNTS.length,
      );
      await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD);
    });

    it('get a 24-hour session that renewal does not stretch; others get 7 days', async () => {
      const demo = await signIn(app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD);
      for (let read = 0; read < 2; read++) {
        const session = (await sessionOf(demo.cookie))!;
        expect(session.user.isDemo).toBe(true);
        const lengthMs =
          Date.parse(session.session.expiresAt) - Date.parse(session.session.createdAt);
        expect(Math.abs(lengthMs - 24 * HOUR_MS)).toBeLessThan(5_000);
      }
      const person = await signUp(app);
      const session = (await sessionOf(person.cookie))!;
      const lengthMs =
        Date.parse(session.session.expiresAt) - Date.parse(session.session.createdAt);
      expect(Math.abs(lengthMs - 7 * 24 * HOUR_MS)).toBeLessThan(5_000);

      const profile = await getWith(app, '/api/profile', { cookie: demo.cookie });
      expect(await profile.json()).toMatchObject({ isDemoUser: true, role: 'citizen' });
    });

    it('cannot change their password or e-mail address', async () => {
      const demo = await signIn(app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const admin = await signIn(app, 'admin@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const attempts = [
        postJson(
          app,
          '/api/auth/change-password',
          { currentPassword: DEFAULT_DEMO_PASSWORD, newPassword: 'taken-over-123' },
          { cookie: demo.cookie },
        ),
        postJson(
          app,
          '/api/auth/change-email',
          { newEmail: 'mine@example.org' },
          { cookie: demo.cookie },
        ),
        postJson(app, '/api/auth/request-password-reset', {
          email: 'demo@smartcity.local',
          redirectTo: `${TEST_ORIGIN}/reset-password`,
        }),
        postJson(
          app,
          '/api/auth/admin/set-user-password',
          { userId: demo.user.id, newPassword: 'taken-over-123' },
          { cookie: admin.cookie },
        ),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({
          code: 'DEMO_ACCOUNT_LOCKED',
          message: DEMO_ACCOUNT_LOCKED_MESSAGE,
        });
      }
      await signIn(app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD);
    });

    it('keep the people sharing them apart: no 2FA, no signing others out, only their own session', async () => {
      const mine = await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD);
      const someoneElses = await signIn(app, 'test@smartcity.local', DEFAULT_DEMO_PASSWORD);
      for (const path of ['/api/auth/two-factor/enable', '/api/auth/revoke-other-sessions']) {
        const res = await postJson(app, path, { password: DEFAULT_DEMO_PASSWORD }, mine);
        expect(res.status, path).toBe(403);
      }
      expect(await sessionOf(someoneElses.cookie)).not.toBeNull();

      const listed = await getWith(app, '/api/auth/list-sessions', mine);
      expect(listed.status).toBe(200);
      const sessions = (await listed.json()) as { id: string }[];
      const own = (await sessionOf(mine.cookie)) as unknown as { session: { id: string } };
      expect(sessions.map((s) => s.id)).toEqual([own.session.id]);
    });

    it('are listed for the sign-in page and signed into with the server password', async () => {
      const listed = await app.request('/api/auth/demo-accounts');
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual({
        enabled: true,
        accounts: [
          {
            username: 'admin',
            email: 'admin@smartcity.local',
            role: 'admin',
            displayName: 'Admin User',
          },
          {
            username: 'operator',
            email: 'operator@smartcity.local',
            role: 'operator',
            displayName: 'System Operator',
          },
          {
            username: 'demo',
            email: 'demo@smartcity.local',
            role: 'citizen',
            displayName: 'Demo Citizen',
          },
          {
            username: 'test',
            email: 'test@smartcity.local',
            role: 'citizen',
            displayName: 'Test User',
          },
        ],
      });

      const res = await postJson(app, '/api/auth/demo-sign-in', { username: 'operator' });
      expect(res.status).toBe(200);
      const session = await sessionOf(cookiesFrom(res));
      expect(session?.user).toMatchObject({
        email: 'operator@smartcity.local',
        role: 'operator',
        isDemo: true,
      });

      const unknown = await postJson(app, '/api/auth/demo-sign-in', { username: 'root' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'No such demo account',
          requestId: expect.any(String),
        },
      });
      expect((await postJson(app, '/api/auth/demo-sign-in', {})).status).toBe(400);

      const noOrigin = await app.request('/api/auth/demo-sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookiesFrom(res) },
        body: JSON.stringify({ username: 'admin' }),
      });
      expect(noOrigin.status).toBe(403);

      const doc = (await (await app.request('/api/openapi.json')).json()) as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/auth/demo-accounts', '/api/auth/demo-sign-in']),
      );
    });
  });

  it('refuses demo sign-ins and ends demo sessions while demo accounts are off', async () => {
    const demo = await signIn(app, 'demo@smartcity.local', DEFAULT_DEMO_PASSWORD);
    expect(await deleteDemoSessions(database.db)).toBeGreaterThan(0);
    expect(await sessionOf(demo.cookie)).toBeNull();

    const demoOff = createTestApp(database, {
      auth: createTestAuth(database, { demoAccounts: false }),
    });
    const res = await postJson(demoOff, '/api/auth/sign-in/email', {
      email: 'demo@smartcity.local',
      password: DEFAULT_DEMO_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'DEMO_ACCOUNTS_OFF',
      message: 'Demo accounts are turned off on this server',
    });
    expect(await (await demoOff.request('/api/auth/demo-accounts')).json()).toEqual({
      enabled: false,
      accounts: [],
    });
    const demoSignIn = await postJson(demoOff, '/api/auth/demo-sign-in', { username: 'demo' });
    expect(demoSignIn.status).toBe(404);
  });

  it('publishes the same key set at /.well-known/jwks.json as at /api/auth/jwks', async () => {
    const wellKnown = await app.request('/.well-known/jwks.json');
    const own = await app.request('/api/auth/jwks');
    expect(wellKnown.status).toBe(200);
    expect(own.status).toBe(200);
    const keys = await wellKnown.json();
    expect(keys).toEqual(await own.json());
    expect(keys).toEqual({
      keys: [expect.objectContaining({ alg: 'EdDSA', crv: 'Ed25519', kty: 'OKP' })],
    });
  });
});
