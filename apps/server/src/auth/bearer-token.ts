import {
  BEARER_TOKEN_ERRORS,
  JWKS_CACHE_MAX_AGE_MS,
  type BearerTokenError,
} from '@smart-city/shared';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** The one algorithm the server signs with (the jwt plugin's Ed25519 keys). */
const BEARER_ALGORITHMS = ['EdDSA'];

/** Issuer and audience of the server's tokens: fixed, so a token outlives a change of host name. */
export const JWT_ISSUER = 'smart-city';
export const JWT_AUDIENCE = 'smart-city';

/** After a token names an unknown key, the set is fetched again at most this often. */
const UNKNOWN_KEY_REFETCH_MS = 30_000;

/** A bearer token the server does not accept, with the reason the caller is told. */
export class BearerTokenRejected extends Error {
  constructor(readonly reason: BearerTokenError) {
    super(reason);
    this.name = 'BearerTokenRejected';
  }
}

/**
 * A key set read through `fetchKeys` and kept for `maxAgeMs` (10 minutes by default). A token signed
 * with a key the set does not hold yet (a key minted since) triggers an early fetch.
 */
export function createCachedKeySet(
  fetchKeys: () => Promise<JSONWebKeySet>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): JWTVerifyGetKey {
  const maxAgeMs = options.maxAgeMs ?? JWKS_CACHE_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let cached: { fetchedAt: number; getKey: JWTVerifyGetKey } | undefined;
  let loading: Promise<{ fetchedAt: number; getKey: JWTVerifyGetKey }> | undefined;

  function load() {
    // Concurrent requests share one fetch.
    loading ??= fetchKeys()
      .then((jwks) => (cached = { fetchedAt: now(), getKey: createLocalJWKSet(jwks) }))
      .finally(() => (loading = undefined));
    return loading;
  }

  return async (header, token) => {
    let entry = cached && now() - cached.fetchedAt < maxAgeMs ? cached : await load();
    try {
      return await entry.getKey(header, token);
    } catch (err) {
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      if (now() - entry.fetchedAt < UNKNOWN_KEY_REFETCH_MS) throw err;
      entry = await load();
      return entry.getKey(header, token);
    }
  };
}

/** The server's key set fetched over HTTP (for another service or script), kept for 10 minutes. */
export function createRemoteKeySet(jwksUrl: string | URL): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: JWKS_CACHE_MAX_AGE_MS });
}

export type BearerClaims = JWTPayload & { sub: string };

/** Checks a bearer token against a key set; throws BearerTokenRejected naming what is wrong. */
export function createBearerVerifier(options: {
  keySet: JWTVerifyGetKey;
  issuer?: string;
  audience?: string;
}) {
  const { keySet, issuer = JWT_ISSUER, audience = JWT_AUDIENCE } = options;

  return async function verifyBearerToken(token: string): Promise<BearerClaims> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw new BearerTokenRejected(BEARER_TOKEN_ERRORS.invalidSignature);
    }
    // Checked before any key is looked at: "none" and shared-secret algorithms are never accepted.
    if (!alg || !BEARER_ALGORITHMS.includes(alg)) {
      throw new BearerTokenRejected(BEARER_TOKEN_ERRORS.invalidAlg);
    }
    try {
      const { payload } = await jwtVerify(token, keySet, {
        algorithms: BEARER_ALGORITHMS,
        issuer,
        audience,
        requiredClaims: ['exp', 'sub'],
      });
      return payload as BearerClaims;
    } catch (err) {
      throw new BearerTokenRejected(reasonFor(err));
    }
  };
}

export type BearerVerifier = ReturnType<typeof createBearerVerifier>;

function reasonFor(err: unknown): BearerTokenError {
  if (err instanceof errors.JWTExpired) return BEARER_TOKEN_ERRORS.expired;
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'exp') {
    return BEARER_TOKEN_ERRORS.missingExp;
  }
  if (err instanceof errors.JOSEAlgNotAllowed) return BEARER_TOKEN_ERRORS.invalidAlg;
  // A foreign key, a forged signature, a malformed token or claims the server never issues.
  return BEARER_TOKEN_ERRORS.invalidSignature;
}
