import { DEFAULT_ROLE, ERROR_CODES, roleSchema, type Role } from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { findAccountById } from './account.repository';
import type { Auth } from './auth';
import { BearerTokenRejected, type BearerVerifier } from './bearer-token';

/** The person (or script) behind a request. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  isDemo: boolean;
  /** The browser session the caller came with; absent for a bearer token. */
  sessionId?: string;
};

/** Works out who sent a request from its headers; null for an anonymous one. */
export type CallerResolver = (headers: Headers) => Promise<CurrentUser | null>;

export type AuthVariables = {
  /** Resolves the caller on first use and remembers the answer for the rest of the request. */
  resolveCaller: () => Promise<CurrentUser | null>;
};

export type AuthEnv = { Variables: AuthVariables };

function roleOf(value: unknown): Role {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ROLE;
}

function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(.*)$/i.exec(headers.get('authorization') ?? '');
  return match ? match[1]!.trim() : null;
}

/**
 * Resolves the caller from `Authorization: Bearer <jwt>` when present, otherwise from the session
 * cookie. A bad bearer token is an error (401), not an anonymous request.
 */
export function createCallerResolver(deps: {
  auth: Auth;
  db: Kysely<Database>;
  verifyBearer: BearerVerifier;
}): CallerResolver {
  const { auth, db, verifyBearer } = deps;

  async function fromBearer(token: string): Promise<CurrentUser | null> {
    let subject: string;
    try {
      subject = (await verifyBearer(token)).sub;
    } catch (err) {
      if (err instanceof BearerTokenRejected)
        throw new HttpError(401, ERROR_CODES.unauthorized, err.reason);
      throw err;
    }
    // The token proves who; the account says what they may do now (a role may have changed since).
    const account = await findAccountById(db, subject);
    if (!account || account.banned === true) return null;
    return {
      id: account.id,
      email: account.email,
      name: account.name,
      role: roleOf(account.role),
      isDemo: account.is_demo === true,
    };
  }

  async function fromSession(headers: Headers): Promise<CurrentUser | null> {
    // Read-only: renewing the session is the job of better-auth's own get-session.
    const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (!session) return null;
    const { user } = session;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: roleOf(user.role),
      isDemo: user.isDemo === true,
      sessionId: session.session.id,
    };
  }

  return async (headers) => {
    const token = bearerToken(headers);
    return token === null ? fromSession(headers) : fromBearer(token);
  };
}

/**
 * Makes the caller available to everything after it. Nothing is looked up until a route asks, so
 * public endpoints cost no session lookup and ignore credentials they do not need.
 */
export function requestAuth(resolve: CallerResolver): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    let caller: Promise<CurrentUser | null> | undefined;
    c.set('resolveCaller', () => (caller ??= resolve(c.req.raw.headers)));
    await next();
  };
}

/** The caller of a request, or null when anonymous; throws 401 for a bad bearer token. */
export function getCurrentUser(c: Pick<Context<AuthEnv>, 'get'>): Promise<CurrentUser | null> {
  const resolveCaller = c.get('resolveCaller');
  if (!resolveCaller) throw new Error('requestAuth() must run before the caller is asked for');
  return resolveCaller();
}
