import { z } from 'zod';

/**
 * What every request to the API must respect, whatever the endpoint. The server refuses a request
 * that breaks one of these with a 4xx in the one error shape before any endpoint sees it.
 */

/** A JSON body nested deeper than this is refused: no real document needs it, and depth costs. */
export const MAX_JSON_DEPTH = 32;

/** An object in a JSON body with more keys than this is refused. */
export const MAX_JSON_OBJECT_KEYS = 1_000;

/** The largest JSON body an endpoint takes unless it says otherwise (ingest takes more). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Keys that would reach an object's prototype if copied by assignment: refused anywhere. */
export const FORBIDDEN_JSON_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The header that carries a request's id in and out; an error answer repeats it as `requestId`. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's own request id is kept when it is this safe; otherwise the server makes one. */
export const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/** Most keys a sensor's or a reading's metadata may hold. */
export const MAX_METADATA_KEYS = 64;

/** Free-form metadata a caller sends (a reading's extra metrics, a sensor's notes). */
export const metadataInputSchema = z
  .record(z.string().min(1).max(100), z.unknown())
  .refine((value) => Object.keys(value).length <= MAX_METADATA_KEYS, {
    message: `must hold at most ${MAX_METADATA_KEYS} keys`,
  });

/** The most characters an `Idempotency-Key` header may have. */
const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** `Idempotency-Key`: 1 to 255 visible ASCII characters, unique per attempt of a person. */
const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,255}$/,
    `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
  );

/**
 * The headers of a request safe to send again: with the same `Idempotency-Key` and body, the
 * server answers with what the first one made instead of making it twice.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema.optional(),
});
