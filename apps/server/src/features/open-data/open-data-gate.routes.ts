import {
  ERROR_CODES,
  OPEN_DATA_ANONYMOUS_LIMIT,
  OPEN_DATA_KEY_HEADER,
  OPEN_DATA_WINDOW_S,
} from '@smart-city/shared';
import type { MiddlewareHandler } from 'hono';
import { clientAddress } from '../../auth/client-address';
import { errorResponse } from '../../http/errors';
import type { DeviceKeysService } from '../device-keys/device-keys.service';
import type { RateLimiter } from './rate-limit';

/** The name the rate-limit headers give the open data's quota. */
const POLICY = 'open-data';

/** How long a key's check is remembered, so a busy client costs no lookup a request. */
const KEY_CACHE_MS = 30_000;
const KEY_CACHE_MAX = 10_000;

type KnownKey = { id: string; limit: number } | null;

/**
 * In front of the open data (the public API and SensorThings): names the client (its open-data
 * key, else its address, behind `trustProxyHops` proxies the one they saw), counts the request
 * against its limit, and says so in the IETF `RateLimit-Policy` and `RateLimit` headers of every
 * answer; past the limit a 429 with `Retry-After`. An unknown or revoked key, or a key of another
 * kind, is a 401: a client that meant to use its own limit is told, not quietly counted as anyone.
 */
export function openDataGate(deps: {
  deviceKeys: Pick<DeviceKeysService, 'verify'>;
  limiter: RateLimiter;
  trustProxyHops: number;
  now: () => number;
  anonymousLimit?: number;
}): MiddlewareHandler {
  const anonymousLimit = deps.anonymousLimit ?? OPEN_DATA_ANONYMOUS_LIMIT;
  const keys = new Map<string, { known: KnownKey; until: number }>();

  async function lookUp(key: string): Promise<KnownKey> {
    const now = deps.now();
    const cached = keys.get(key);
    if (cached && cached.until > now) return cached.known;
    const caller = await deps.deviceKeys.verify(key);
    const known =
      caller?.kind === 'open-data' && caller.rateLimit !== null
        ? { id: caller.keyId, limit: caller.rateLimit }
        : null;
    if (keys.size >= KEY_CACHE_MAX) keys.clear();
    keys.set(key, { known, until: now + KEY_CACHE_MS });
    return known;
  }

  return async (c, next) => {
    const key =
      c.req.header(OPEN_DATA_KEY_HEADER) ?? new URL(c.req.url).searchParams.get('api_key');
    let client: string;
    let limit: number;
    if (key) {
      const known = key.length <= 200 ? await lookUp(key) : null;
      if (!known)
        return errorResponse(
          c,
          401,
          ERROR_CODES.unauthorized,
          'Unknown or revoked open-data key: leave it out to read with the anonymous limit',
        );
      client = `key:${known.id}`;
      limit = known.limit;
    } else {
      client = `address:${clientAddress(c, deps.trustProxyHops) ?? 'unknown'}`;
      limit = anonymousLimit;
    }
    const decision = deps.limiter.take(client, limit);
    const policy = `"${POLICY}";q=${limit};w=${OPEN_DATA_WINDOW_S}`;
    const state = `"${POLICY}";r=${decision.remaining};t=${decision.resetS}`;
    if (!decision.allowed) {
      const refused = errorResponse(
        c,
        429,
        ERROR_CODES.rateLimited,
        `Rate limit of ${limit} requests a minute reached: try again in ${decision.resetS} s`,
      );
      refused.headers.set('RateLimit-Policy', policy);
      refused.headers.set('RateLimit', state);
      refused.headers.set('Retry-After', String(decision.resetS));
      return refused;
    }
    await next();
    c.res.headers.set('RateLimit-Policy', policy);
    c.res.headers.set('RateLimit', state);
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set(
      'Access-Control-Expose-Headers',
      'RateLimit, RateLimit-Policy, Retry-After, ETag, Link',
    );
  };
}
