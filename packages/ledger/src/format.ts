import canonicalize from 'canonicalize';
import { bytesToHex, sha256Bytes, utf8 } from './bytes';

/**
 * A checkpoint is signed at every multiple of this many entries (and at least hourly while entries
 * arrive), so at most this many less one of the newest entries wait for one.
 */
export const CHECKPOINT_EVERY = 64;

/** The previous hash of entry 1: there is none. */
export const GENESIS_PREV_HASH = '0'.repeat(64);

/** The five fields an entry's hash covers, exactly. */
export type LedgerEntryFields = {
  /** 1, 2, 3, … without gaps. */
  seq: number;
  type: string;
  /** ISO-8601 UTC with milliseconds, e.g. 2026-11-24T10:00:00.000Z. */
  at: string;
  payload: Record<string, unknown>;
  /** The previous entry's hash, or 64 zeros for entry 1. */
  prevHash: string;
};

/** An entry as the ledger publishes it: its fields, its hash and its signature. */
export type LedgerEntry = LedgerEntryFields & {
  /** Lowercase hex SHA-256 of the RFC 8785 (JCS) form of the five fields. */
  hash: string;
  /** Ed25519 over the hash's 32 bytes, base64url without padding. */
  signature: string;
};

/** A signed statement of the Merkle tree over the first `treeSize` entries. */
export type LedgerCheckpointFields = { treeSize: number; rootHash: string; at: string };
export type LedgerCheckpoint = LedgerCheckpointFields & { signature: string };

/** RFC 8785 (JCS) canonical JSON: sorted keys, no spaces, ECMAScript number form. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('the value has no JSON form');
  return text;
}

/** The bytes an entry's hash is taken over: JCS of exactly its five fields. */
export function entryCanonicalJson(fields: LedgerEntryFields): string {
  const { seq, type, at, payload, prevHash } = fields;
  return canonicalJson({ seq, type, at, payload, prevHash });
}

/** The entry's hash: lowercase hex SHA-256 of its canonical JSON. */
export function entryHash(fields: LedgerEntryFields): string {
  return bytesToHex(sha256Bytes(utf8(entryCanonicalJson(fields))));
}

/** The 32 bytes a checkpoint's signature covers: SHA-256 of JCS({ treeSize, rootHash, at }). */
export function checkpointDigest(fields: LedgerCheckpointFields): Uint8Array {
  const { treeSize, rootHash, at } = fields;
  return sha256Bytes(utf8(canonicalJson({ treeSize, rootHash, at })));
}
