import {
  ACCOUNT_ADDRESSES,
  AUTH_ADDRESSES,
  DEMO_ACCOUNTS,
  DEMO_ENDPOINTS,
  ERROR_CODES,
  type DemoAccountList,
} from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseUnavailable, errorResponse, HttpError } from '../http/errors';
import { routeOf } from '../http/endpoint-route';
import { createRouter } from '../http/router';
import { findEmailByUsername } from './account.repository';
import type { AppAuth } from './app-auth';
import { answerAccountRequest, CLIENT_IP_HEADER } from './auth';
import { clientAddress } from './client-address';
import type { SignInAttempt, SignInThrottle } from './sign-in-throttle';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The request better-auth sees: the client address set from the socket, whatever the client sent;
 * optionally a JSON POST to another of its paths, keeping the caller's Origin and cookies.
 */
function authRequest(
  c: Context,
  trustProxyHops: number,
  redirect?: { path: string; body: unknown },
): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const address = clientAddress(c, trustProxyHops);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  if (!redirect) return new Request(c.req.raw, { headers });
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Length');
  return new Request(new URL(redirect.path, c.req.url), {
    method: 'POST',
    headers,
    body: JSON.stringify(redirect.body),
  });
}

/**
 * Refuses sign-ins for a locked account or address with 429 and Retry-After, and counts the
 * outcome of the others. A sign-in by username counts against the account's e-mail address, so
 * switching between the two gains no attempts.
 */
function signInThrottle(
  db: Kysely<Database>,
  throttle: SignInThrottle,
  trustProxyHops: number,
): MiddlewareHandler {
  async function accountKey(c: Context): Promise<string | null> {
    // Read from a copy: better-auth reads the body itself afterwards.
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => null);
    if (!isRecord(body)) return null;
    if (typeof body.email === 'string') return body.email.trim().toLowerCase() || null;
    if (typeof body.username !== 'string' || !body.username.trim()) return null;
    return (
      (await findEmailByUsername(db, body.username)) ?? `username:${body.username.toLowerCase()}`
    );
  }

  return async (c, next) => {
    const attempt: SignInAttempt = {
      accountKey: await accountKey(c),
      ip: clientAddress(c, trustProxyHops),
    };
    const lock = await throttle.check(attempt);
    if (lock) {
      const minutes = Math.ceil(lock.retryAfterS / 60);
      c.header('Retry-After', String(lock.retryAfterS));
      return errorResponse(
        c,
        429,
        ERROR_CODES.rateLimited,
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    await next();
    if (c.res.status === 401) await throttle.recordFailure(attempt);
    else if (c.res.ok) await throttle.recordSuccess(attempt);
  };
}

/**
 * better-auth under /api/auth/* with its sign-ins throttled, the demo sign-in beside it, and its
 * key set at the well-known address.
 */
export function authRoutes(deps: {
  appAuth: AppAuth;
  db: Kysely<Database>;
  /** Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY). */
  trustProxyHops: number;
}) {
  const { auth, demo, throttle } = deps.appAuth;
  const hops = deps.trustProxyHops;
  const throttled = signInThrottle(deps.db, throttle, hops);
  const demoList: DemoAccountList = {
    enabled: demo.enabled,
    accounts: demo.enabled
      ? DEMO_ACCOUNTS.map(({ username, email, role, firstName, lastName }) => ({
          username,
          email,
          role,
          displayName: `${firstName} ${lastName}`,
        }))
      : [],
  };

  /** better-auth's answer, but the API's 503 when it failed because the database was away. */
  async function answer(c: Context, request: Request): Promise<Response> {
    const { response, databaseAway } = await answerAccountRequest(() => auth.handler(request));
    return databaseAway && response.status >= 500 ? databaseUnavailable(c) : response;
  }

  // Declared under /api like every endpoint of the contract, ahead of better-auth's catch-all.
  const demoRoutes = createRouter()
    .openapi(routeOf(DEMO_ENDPOINTS.accounts), (c) => c.json(demoList, 200))
    .openapi(routeOf(DEMO_ENDPOINTS.signIn), async (c) => {
      const { username } = c.req.valid('json');
      if (!demo.enabled) {
        throw new HttpError(
          404,
          ERROR_CODES.notFound,
          'Demo accounts are turned off on this server',
        );
      }
      const account = DEMO_ACCOUNTS.find((a) => a.username === username.toLowerCase());
      if (!account) throw new HttpError(404, ERROR_CODES.notFound, 'No such demo account');
      // The password is the server's, so the attempt is not throttled like a guess would be.
      const body = { email: account.email, password: demo.password };
      return answer(c, authRequest(c, hops, { path: AUTH_ADDRESSES.signIn.path, body }));
    });
  const router = createRouter().route('/api', demoRoutes);
  router.post(AUTH_ADDRESSES.signIn.path, throttled);
  router.post(ACCOUNT_ADDRESSES.signInWithUsername.path, throttled);
  router.on(['GET', 'POST'], '/api/auth/*', (c) => answer(c, authRequest(c, hops)));
  router.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(await auth.api.getJwks());
  });
  return router;
}
