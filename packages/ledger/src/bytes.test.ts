import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url, bytesToHex, fromBase64url, hexToBytes } from './bytes';

describe('byte encodings', () => {
  it('agree with node:crypto for every length, and refuse what is not one', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = randomBytes(n);
      expect(base64url(bytes)).toBe(bytes.toString('base64url'));
      expect(Buffer.from(fromBase64url(bytes.toString('base64url')))).toEqual(bytes);
      expect(bytesToHex(bytes)).toBe(bytes.toString('hex'));
      expect(Buffer.from(hexToBytes(bytes.toString('hex').toUpperCase()))).toEqual(bytes);
    }
    for (const bad of ['a+b', 'ab=', 'a', 'ab cd', 'é']) expect(() => fromBase64url(bad)).toThrow();
    for (const bad of ['abc', 'zz', 'a ']) expect(() => hexToBytes(bad)).toThrow();
  });
});
