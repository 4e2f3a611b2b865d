import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createVersionedCache } from '../../lib/versioned-cache';
import type { Context } from 'hono';

/** An answer made once and sent to every caller until it expires: its text, type and version. */
export type CachedAnswer = {
  body: string;
  /** The body gzipped once, for every client that accepts it. */
  gzipped: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
  /** Seconds a client or a proxy may keep it (`Cache-Control: max-age`). */
  maxAgeS: number;
  /** Headers every copy carries (a CSV page's `Link` to the next). */
  headers?: Record<string, string>;
};

/** Most answers kept at once for each freshness; past it the oldest go first. */
const MAX_ENTRIES = 5_000;

/** What an answer is made of; its version, compressed copy and lifetime are added by the cache. */
export type AnswerParts = Pick<CachedAnswer, 'body' | 'contentType' | 'headers'>;

/**
 * Open data answers by request: each is made at most once per `freshS` seconds however many clients
 * ask (callers arriving while it is being made wait for the same one; a failure is not kept), and
 * is sent with an ETag and that lifetime, so a client holding the same version gets a 304 without a
 * body.
 */
export function createAnswerCache(now: () => number) {
  const byFreshness = new Map<number, ReturnType<typeof createVersionedCache<CachedAnswer>>>();

  return {
    get(key: string, freshS: number, make: () => Promise<AnswerParts>): Promise<CachedAnswer> {
      let cache = byFreshness.get(freshS);
      if (!cache) {
        cache = createVersionedCache<CachedAnswer>({
          maxAgeMs: freshS * 1000,
          maxEntries: MAX_ENTRIES,
        });
        byFreshness.set(freshS, cache);
      }
      const made = async (): Promise<CachedAnswer> => {
        const parts = await make();
        return {
          ...parts,
          maxAgeS: freshS,
          gzipped: new Uint8Array(gzipSync(parts.body)),
          etag: `"${createHash('sha1').update(parts.body).digest('base64url')}"`,
        };
      };
      return cache.get(key, made, now());
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/** Whether an If-None-Match header names this version (or any, `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Whether the client takes gzip (and has not refused it with `q=0`). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    return (
      coding?.trim().toLowerCase() === 'gzip' &&
      !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))
    );
  });
}

/**
 * Sends a cached answer: a 304 when the client has this version, else the body, gzipped once for
 * everyone when the client takes it (the compression middleware passes an encoded answer by).
 */
export function sendCached(c: Context, answer: CachedAnswer): Response {
  const headers: Record<string, string> = {
    ETag: answer.etag,
    'Cache-Control': `public, max-age=${answer.maxAgeS}`,
    Vary: 'Accept-Encoding',
    ...answer.headers,
  };
  if (matches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  if (acceptsGzip(c.req.header('accept-encoding')))
    return c.body(answer.gzipped, 200, {
      ...headers,
      'Content-Type': answer.contentType,
      'Content-Encoding': 'gzip',
    });
  return c.body(answer.body, 200, { ...headers, 'Content-Type': answer.contentType });
}
