import { sha256 } from '@noble/hashes/sha2.js';

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export const utf8 = (text: string): Uint8Array => encoder.encode(text);

/** SHA-256, synchronous: the verifier hashes each entry and each tree node, and awaiting each costs more than hashing. */
export const sha256Bytes = (bytes: Uint8Array): Uint8Array => sha256(bytes);

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

// Decoding tables: a verifier decodes two strings per entry, and a ledger holds 100,000s of entries.
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) BASE64URL_VALUE[BASE64URL.charCodeAt(i)] = i;

/** Bytes of a lowercase or uppercase hex string; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new Error('not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = HEX_VALUE[hex.charCodeAt(i * 2)] ?? -1;
    const low = HEX_VALUE[hex.charCodeAt(i * 2 + 1)] ?? -1;
    if (high < 0 || low < 0) throw new Error('not a hex string');
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** base64url without padding (RFC 4648 §5), as JWKs and the ledger's signatures use. */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    text += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!;
    if (i + 1 < bytes.length) text += BASE64URL[(n >> 6) & 63]!;
    if (i + 2 < bytes.length) text += BASE64URL[n & 63]!;
  }
  return text;
}

/** Bytes of an unpadded base64url string; throws on any other character or a length no bytes make. */
export function fromBase64url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new Error('not base64url');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let out = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = BASE64URL_VALUE[text.charCodeAt(i)] ?? -1;
    if (digit < 0) throw new Error('not base64url');
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
