/**
 * A fresh key for a write that is safe to send again (an `Idempotency-Key`, a local copy's id):
 * 128 random bits in hex. getRandomValues, unlike randomUUID, also exists on plain-http addresses.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
