import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveSigningKey } from 'better-auth/plugins';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JSONWebKeySet } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getWith, signUp } from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestApp, createTestAuth } from '../test/test-app';
import type { AppAuth } from './app-auth';
import {
  createBearerVerifier,
  createCachedKeySet,
  createRemoteKeySet,
  JWT_AUDIENCE,
  JWT_ISSUER,
} from './bearer-token';

describe.each(testDatabases())('bearer tokens on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let appAuth: AppAuth;
  let app: ReturnType<typeof createTestApp>;
  let person: Awaited<ReturnType<typeof signUp>>;
  let token: string;
  let serverKey: { kid: string; privateKey: Parameters<SignJWT['sign']>[0] };

  beforeAll(async () => {
    database = await create();
    appAuth = createTestAuth(database);
    app = createTestApp(database, { auth: appAuth });
    person = await signUp(app);
    const res = await getWith(app, '/api/auth/token', { cookie: person.cookie });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
    // The server's own signing key, so that only the property under test is wrong in a token.
    const context = await appAuth.auth.$context;
    const key = await resolveSigningKey({ context } as never, {
      jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
    });
    if (!key) throw new Error('the server has no signing key');
    serverKey = key;
  });
  afterAll(() => database?.dispose());

  /** A token like the server's: same issuer, audience and subject. */
  function claims() {
    return new SignJWT({ role: 'admin' })
      .setSubject(person.user.id)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt();
  }

  async function profileWith(bearer: string) {
    const res = await getWith(app, '/api/profile', { token: bearer });
    return { status: res.status, body: await res.json() };
  }

  function rejectedWith(message: string) {
    return {
      status: 401,
      body: { error: { code: 'unauthorized', message, requestId: expect.any(String) } },
    };
  }

  it('hands tokens out at /api/auth/token only, not with every session check', async () => {
    const res = await getWith(app, '/api/auth/get-session', { cookie: person.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: person.user.id } });
    expect(res.headers.get('set-auth-jwt')).toBeNull();
  });

  it('accepts the token from /api/auth/token in place of the session cookie', async () => {
    const { status, body } = await profileWith(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: person.user.id, email: person.email, role: 'citizen' });
  });

  it('refuses a token without an expiry: "Missing exp claim"', async () => {
    const noExp = await claims()
      .setProtectedHeader({ alg: 'EdDSA', kid: serverKey.kid })
      .sign(serverKey.privateKey);
    expect(await profileWith(noExp)).toEqual(rejectedWith('Missing exp claim'));
  });

  it('refuses an expired token: "JWT has expired"', async () => {
    const expired = await claims()
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .setProtectedHeader({ alg: 'EdDSA', kid: serverKey.kid })
      .sign(serverKey.privateKey);
    expect(await profileWith(expired)).toEqual(rejectedWith('JWT has expired'));
  });

  it('refuses HS256 and unsigned tokens: "Invalid alg claim"', async () => {
    const hs256 = await claims()
      .setExpirationTime('5m')
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-shared-secret-anyone-could-guess'));
    expect(await profileWith(hs256)).toEqual(rejectedWith('Invalid alg claim'));

    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setSubject(person.user.id)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime('5m')
      .encode();
    expect(await profileWith(unsigned)).toEqual(rejectedWith('Invalid alg claim'));
  });

  it('refuses a token signed by another key: "Invalid JWT signature"', async () => {
    const { privateKey } = await generateKeyPair('EdDSA');
    for (const kid of [serverKey.kid, 'someone-elses-key']) {
      const forged = await claims()
        .setExpirationTime('5m')
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .sign(privateKey);
      expect(await profileWith(forged), kid).toEqual(rejectedWith('Invalid JWT signature'));
    }
    expect(await profileWith('not-a-jwt')).toEqual(rejectedWith('Invalid JWT signature'));
  });

  it('answers public endpoints whatever the bearer token', async () => {
    const res = await getWith(app, '/api/cities', { token: 'not-a-jwt' });
    expect(res.status).toBe(200);
  });

  describe('fetched over HTTP', () => {
    let server: Server;
    let jwksUrl: string;
    let fetches = 0;

    beforeAll(async () => {
      const answerWithKeys = async (res: ServerResponse) => {
        const jwks = await (await app.request('/.well-known/jwks.json')).text();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(jwks);
      };
      server = createServer((_req, res) => {
        fetches += 1;
        // A failure rejects unhandled, which fails the run: nothing else would notice it.
        void answerWithKeys(res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    afterEach(() => {
      vi.useRealTimers();
    });

    it('verifies the server tokens and keeps the keys for 10 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const verify = createBearerVerifier({ keySet: createRemoteKeySet(jwksUrl) });
      expect((await verify(token)).sub).toBe(person.user.id);
      vi.setSystemTime(Date.now() + 9 * 60_000);
      // A 15-minute token is still valid 9 minutes on; the keys were not fetched again.
      expect((await verify(token)).sub).toBe(person.user.id);
      expect(fetches).toBe(1);
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await verify(token);
      expect(fetches).toBe(2);
    });
  });
});

describe('the cached key set', () => {
  async function keySetWithOneKey(kid: string) {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA');
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' };
    return { jwks: { keys: [jwk] } as JSONWebKeySet, privateKey };
  }

  function tokenSignedBy(privateKey: Parameters<SignJWT['sign']>[0], kid: string) {
    return new SignJWT({})
      .setSubject('someone')
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime('5m')
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .sign(privateKey);
  }

  it('asks for the keys once per 10 minutes, and early for a key minted since', async () => {
    const first = await keySetWithOneKey('first');
    const second = await keySetWithOneKey('second');
    let served: JSONWebKeySet = first.jwks;
    let fetches = 0;
    let nowMs = 1_000_000;
    const keySet = createCachedKeySet(
      async () => {
        fetches += 1;
        return served;
      },
      { now: () => nowMs },
    );
    const verify = createBearerVerifier({ keySet });

    const token = await tokenSignedBy(first.privateKey, 'first');
    await verify(token);
    nowMs += 9 * 60_000;
    await verify(token);
    expect(fetches).toBe(1);
    nowMs += 60_000;
    await verify(token);
    expect(fetches).toBe(2);

    served = { keys: [...first.jwks.keys, ...second.jwks.keys] };
    nowMs += 60_000;
    await verify(await tokenSignedBy(second.privateKey, 'second'));
    expect(fetches).toBe(3);
  });
});
