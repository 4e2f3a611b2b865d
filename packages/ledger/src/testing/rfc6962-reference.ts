// An independent reference for tests, written from the definitions of RFC 6962 §2.1 with node:crypto:
// plain recursion over every leaf, no caches and nothing shared with the ledger's own code.
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);

/** MTH(D[n]) over entry hashes given as hex. */
export function referenceRoot(entryHashes: string[]): string {
  const mth = (d: Buffer[]): Buffer => {
    if (d.length === 0) return sha256();
    if (d.length === 1) return sha256(Buffer.from([0]), d[0]!);
    const k = split(d.length);
    return sha256(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
  };
  return mth(entryHashes.map((h) => Buffer.from(h, 'hex'))).toString('hex');
}

/** PATH(m, D[n]) as hex. */
export function referenceInclusionPath(entryHashes: string[], m: number): string[] {
  const path = (index: number, d: string[]): string[] => {
    if (d.length <= 1) return [];
    const k = split(d.length);
    return index < k
      ? [...path(index, d.slice(0, k)), referenceRoot(d.slice(k))]
      : [...path(index - k, d.slice(k)), referenceRoot(d.slice(0, k))];
  };
  return path(m, entryHashes);
}

/** PROOF(m, D[n]) as hex. */
export function referenceConsistencyProof(entryHashes: string[], m: number): string[] {
  const subproof = (first: number, d: string[], whole: boolean): string[] => {
    if (first === d.length) return whole ? [] : [referenceRoot(d)];
    const k = split(d.length);
    return first <= k
      ? [...subproof(first, d.slice(0, k), whole), referenceRoot(d.slice(k))]
      : [...subproof(first - k, d.slice(k), false), referenceRoot(d.slice(0, k))];
  };
  return subproof(m, entryHashes, true);
}

/** The lowercase hex SHA-256 of a text (an entry's canonical JSON). */
export const referenceSha256Hex = (text: string) =>
  sha256(Buffer.from(text, 'utf8')).toString('hex');

/** Whether an Ed25519 signature (base64url) over `message` verifies with a JWK, via node:crypto. */
export function referenceVerify(
  jwk: { kty: string; crv: string; x: string },
  message: Buffer,
  signature: string,
): boolean {
  const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
  return verify(null, message, key, Buffer.from(signature, 'base64url'));
}

/**
 * A small signed ledger made without the ledger's code, for verifier tests, with a checkpoint over
 * every entry, over the first `checkpointAt`, or none at all (`checkpointAt: null`).
 */
export function referenceLedger(count: number, options: { checkpointAt?: number | null } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  const entries: {
    seq: number;
    type: string;
    at: string;
    payload: Record<string, unknown>;
    prevHash: string;
    hash: string;
    signature: string;
  }[] = [];
  let prevHash = '0'.repeat(64);
  for (let seq = 1; seq <= count; seq++) {
    const fields = {
      seq,
      type: seq % 2 ? 'alert.acknowledged' : 'notice.published',
      at: new Date(Date.UTC(2026, 10, 21, 9, 0, seq)).toISOString(),
      payload: { title: `Entry ${seq} — Howrah Bridge`, value: seq / 4, by: { role: 'operator' } },
      prevHash,
    };
    const hash = referenceSha256Hex(jcs(fields));
    const signature = sign(null, Buffer.from(hash, 'hex'), privateKey).toString('base64url');
    entries.push({ ...fields, hash, signature });
    prevHash = hash;
  }
  const signCheckpoint = (treeSize: number) => {
    const fields = {
      treeSize,
      rootHash: referenceRoot(entries.slice(0, treeSize).map((e) => e.hash)),
      at: new Date(Date.UTC(2026, 10, 21, 9, 30)).toISOString(),
    };
    const digest = createHash('sha256').update(jcs(fields)).digest();
    return { ...fields, signature: sign(null, digest, privateKey).toString('base64url') };
  };
  const checkpoint =
    options.checkpointAt === null ? null : signCheckpoint(options.checkpointAt ?? count);
  return {
    /** The newest seq, as the ledger's summary states it. */
    latestSeq: count,
    publicKey: {
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      x: jwk.x,
      kid: 'test',
      alg: 'EdDSA' as const,
      use: 'sig' as const,
    },
    checkpoint,
    entries,
  };
}

/** RFC 8785 for the plain values these tests use: sorted keys, JSON strings and numbers. */
export function jcs(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jcs(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
