import * as ed25519 from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { fromBase64url } from './bytes';

/** The ledger's public key as `GET /api/ledger/public-key` serves it (RFC 8037). */
export type LedgerPublicKey = {
  kty: 'OKP';
  crv: 'Ed25519';
  /** The 32-byte public key, base64url. */
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
};

/** Checks an Ed25519 signature over a message with one public key. */
export type SignatureCheck = (message: Uint8Array, signature: Uint8Array) => Promise<boolean>;

/**
 * A signature check for the ledger's key: WebCrypto's Ed25519 where the platform has it (current
 * browsers, Node 20), otherwise a maintained pure-JavaScript implementation. Both give the same
 * answers; WebCrypto's is many times faster.
 */
export async function signatureCheckFor(key: LedgerPublicKey): Promise<SignatureCheck> {
  const raw = fromBase64url(key.x);
  if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || raw.length !== 32)
    throw new Error('the ledger key is not an Ed25519 public key');
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const imported = await subtle.importKey(
        'raw',
        new Uint8Array(raw),
        { name: 'Ed25519' },
        false,
        ['verify'],
      );
      // WebCrypto takes bytes backed by a plain ArrayBuffer: copies make sure of it.
      return (message, signature) =>
        subtle
          .verify({ name: 'Ed25519' }, imported, new Uint8Array(signature), new Uint8Array(message))
          .catch(() => false);
    } catch {
      // This platform's WebCrypto has no Ed25519: fall through.
    }
  }
  // Without WebCrypto the pure implementation needs its SHA-512 from the same hash library.
  ed25519.hashes.sha512Async = async (message) => sha512(message);
  return async (message, signature) => {
    try {
      return await ed25519.verifyAsync(signature, message, raw);
    } catch {
      return false;
    }
  };
}
