import { createHash } from 'node:crypto';

/** A value with its object keys sorted and undefined fields left out, so equal bodies read alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The SHA-256 of a request body as canonical JSON: the same body always hashes the same, whatever
 * the order of its keys, so an Idempotency-Key's retry is told from another request.
 */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}
