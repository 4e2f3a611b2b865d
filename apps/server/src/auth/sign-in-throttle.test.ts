import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  cookiesFrom,
  createMailbox,
  fromAddress,
  getWith,
  postJson,
  signUp,
  uniqueEmail,
} from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestApp, createTestAuth } from '../test/test-app';

const MINUTE_MS = 60_000;

describe.each(testDatabases())('sign-in throttling on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let nowMs = Date.now();
  const clock = () => new Date(nowMs);
  const mailbox = createMailbox();

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database, {
      auth: createTestAuth(database, { now: clock, mailer: mailbox.sender }),
    });
  });
  afterAll(() => database?.dispose());

  function attempt(
    email: string,
    password: string,
    options: { env?: Record<string, unknown>; target?: typeof app } = {},
  ) {
    return postJson(options.target ?? app, '/api/auth/sign-in/email', { email, password }, options);
  }

  async function failTimes(times: number, email: string, env?: Record<string, unknown>) {
    for (let i = 0; i < times; i++) {
      const res = await attempt(email, 'not-the-password', { env });
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
  }

  it('locks an account for 15 minutes after 5 failures, then lets it in again', async () => {
    const person = await signUp(app);
    await failTimes(5, person.email);

    const locked = await attempt(person.email, person.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
    expect(await locked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
        requestId: locked.headers.get('x-request-id'),
      },
    });

    nowMs += 14 * MINUTE_MS;
    const stillLocked = await attempt(person.email, person.password);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('60');

    nowMs += MINUTE_MS + 1000;
    expect((await attempt(person.email, person.password)).status).toBe(200);
  });

  it('counts only failures within 15 minutes of each other, and forgets them on success', async () => {
    const person = await signUp(app);
    await failTimes(4, person.email);
    nowMs += 16 * MINUTE_MS;
    await failTimes(1, person.email);
    expect((await attempt(person.email, person.password)).status).toBe(200);

    await failTimes(4, person.email);
    expect((await attempt(person.email, person.password)).status).toBe(200);
    await failTimes(1, person.email);
    expect((await attempt(person.email, person.password)).status).toBe(200);
  });

  it('lifts the lock once the password is reset through the e-mailed link', async () => {
    const person = await signUp(app);
    await failTimes(5, person.email);
    expect((await attempt(person.email, person.password)).status).toBe(429);

    const asked = await postJson(app, '/api/auth/request-password-reset', {
      email: person.email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    expect(asked.status).toBe(200);
    const token = new URL(await mailbox.linkTo(person.email, '/reset-password')).pathname
      .split('/')
      .pop();
    const reset = await postJson(app, '/api/auth/reset-password', {
      token,
      newPassword: 'remembered-at-last',
    });
    expect(reset.status).toBe(200);
    expect((await attempt(person.email, 'remembered-at-last')).status).toBe(200);
  });

  it('counts sign-ins by username against the same account', async () => {
    const email = uniqueEmail('kiran');
    const created = await postJson(app, '/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      firstName: 'Kiran',
      lastName: 'Das',
      username: `kiran_${Date.now().toString(36)}`,
    });
    expect(created.status).toBe(200);
    const { user } = (await created.json()) as { user: { username: string } };

    await failTimes(3, email);
    for (let i = 0; i < 2; i++) {
      const res = await postJson(app, '/api/auth/sign-in/username', {
        username: user.username,
        password: 'not-the-password',
      });
      expect(res.status).toBe(401);
    }
    expect((await attempt(email, 'correct-horse-battery')).status).toBe(429);
    const byUsername = await postJson(app, '/api/auth/sign-in/username', {
      username: user.username,
      password: 'correct-horse-battery',
    });
    expect(byUsername.status).toBe(429);
  });

  it('locks a client address after 20 failures across accounts', async () => {
    const person = await signUp(app);
    const attacker = fromAddress('203.0.113.7');
    for (let i = 0; i < 20; i++) {
      const res = await attempt(uniqueEmail('guess'), 'not-the-password', { env: attacker });
      expect(res.status).toBe(401);
    }
    const fromAttacker = await attempt(person.email, person.password, { env: attacker });
    expect(fromAttacker.status).toBe(429);
    expect(Number(fromAttacker.headers.get('retry-after'))).toBeGreaterThan(0);

    const elsewhere = await attempt(person.email, person.password, {
      env: fromAddress('198.51.100.4'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('takes the client address from the connection, not from X-Forwarded-For', async () => {
    const person = await signUp(app);
    const res = await postJson(
      app,
      '/api/auth/sign-in/email',
      { email: person.email, password: person.password },
      { env: fromAddress('::ffff:198.51.100.9'), headers: { 'X-Forwarded-For': '10.9.9.9' } },
    );
    expect(res.status).toBe(200);
    const session = await getWith(app, '/api/auth/get-session', { cookie: cookiesFrom(res) });
    expect(await session.json()).toMatchObject({ session: { ipAddress: '198.51.100.9' } });
  });

  describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
    let proxied: typeof app;
    const proxy = fromAddress('10.0.0.2');
    const via = (client: string) => ({
      env: proxy,
      headers: { 'X-Forwarded-For': `203.0.113.250, ${client}` },
    });
    beforeAll(() => {
      proxied = createTestApp(database, {
        auth: createTestAuth(database, { now: clock }),
        trustProxyHops: 1,
      });
    });

    it('takes the client address the proxy saw, not what the client claimed', async () => {
      const person = await signUp(app);
      const res = await postJson(
        proxied,
        '/api/auth/sign-in/email',
        { email: person.email, password: person.password },
        via('198.51.100.20'),
      );
      expect(res.status).toBe(200);
      const session = await getWith(proxied, '/api/auth/get-session', { cookie: cookiesFrom(res) });
      expect(await session.json()).toMatchObject({ session: { ipAddress: '198.51.100.20' } });
    });

    it("locks the forwarded address that failed, not the proxy's other clients", async () => {
      const person = await signUp(app);
      for (let i = 0; i < 20; i++) {
        const res = await postJson(
          proxied,
          '/api/auth/sign-in/email',
          { email: uniqueEmail('guess'), password: 'not-the-password' },
          via('192.0.2.66'),
        );
        expect(res.status).toBe(401);
      }
      const credentials = { email: person.email, password: person.password };
      const fromAttacker = await postJson(
        proxied,
        '/api/auth/sign-in/email',
        credentials,
        via('192.0.2.66'),
      );
      expect(fromAttacker.status).toBe(429);
      const neighbour = await postJson(
        proxied,
        '/api/auth/sign-in/email',
        credentials,
        via('192.0.2.67'),
      );
      expect(neighbour.status).toBe(200);
    });
  });

  it('shares locks between server processes through the database', async () => {
    const person = await signUp(app);
    const otherProcess = createTestApp(database, {
      auth: createTestAuth(database, { now: clock }),
    });
    await failTimes(5, person.email);
    const res = await attempt(person.email, person.password, { target: otherProcess });
    expect(res.status).toBe(429);
  });
});
