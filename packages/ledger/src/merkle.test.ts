import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './bytes';
import {
  emptyFrontier,
  extendFrontier,
  frontierRoot,
  leafHash,
  MerkleTree,
  verifyConsistency,
  verifyInclusion,
} from './merkle';
import {
  referenceConsistencyProof,
  referenceInclusionPath,
  referenceRoot,
} from './testing/rfc6962-reference';

const hashes = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    createHash('sha256')
      .update(`entry ${i + 1}`)
      .digest('hex'),
  );
const hex = (list: Uint8Array[]) => list.map(bytesToHex);
const bytes = (list: string[]) => list.map(hexToBytes);

describe('the Merkle tree (RFC 6962)', () => {
  const all = hashes(70);
  const tree = new MerkleTree();
  for (const h of all) tree.appendEntryHash(hexToBytes(h));

  it('has the reference root for every size, from the tree and from the frontier', () => {
    let frontier = emptyFrontier();
    expect(bytesToHex(tree.root(0))).toBe(referenceRoot([]));
    for (let n = 1; n <= all.length; n++) {
      frontier = extendFrontier(frontier, leafHash(hexToBytes(all[n - 1]!)));
      expect(bytesToHex(tree.root(n)), `size ${n}`).toBe(referenceRoot(all.slice(0, n)));
      expect(bytesToHex(frontierRoot(frontier)), `frontier ${n}`).toBe(
        referenceRoot(all.slice(0, n)),
      );
    }
  });

  it('gives the reference inclusion path for every leaf of every size, and it verifies', () => {
    for (let n = 1; n <= all.length; n++) {
      const root = hexToBytes(referenceRoot(all.slice(0, n)));
      for (let m = 0; m < n; m++) {
        const proof = tree.inclusionProof(m, n);
        expect(hex(proof), `leaf ${m} of ${n}`).toEqual(referenceInclusionPath(all.slice(0, n), m));
        expect(verifyInclusion(m, n, hexToBytes(all[m]!), proof, root)).toBe(true);
      }
    }
  });

  it('gives the reference consistency proof for every pair of sizes, and it verifies', () => {
    for (let n = 1; n <= all.length; n++) {
      const second = hexToBytes(referenceRoot(all.slice(0, n)));
      for (let m = 1; m <= n; m++) {
        const proof = tree.consistencyProof(m, n);
        expect(hex(proof), `${m} → ${n}`).toEqual(referenceConsistencyProof(all.slice(0, n), m));
        const first = hexToBytes(referenceRoot(all.slice(0, m)));
        expect(verifyConsistency(m, n, proof, first, second), `${m} → ${n}`).toBe(true);
      }
    }
  });

  it('refuses a proof with any hash changed, a wrong leaf, index or size', () => {
    const n = 45;
    const root = hexToBytes(referenceRoot(all.slice(0, n)));
    const path = referenceInclusionPath(all.slice(0, n), 17);
    expect(verifyInclusion(17, n, hexToBytes(all[17]!), bytes(path), root)).toBe(true);
    for (let i = 0; i < path.length; i++) {
      const changed = [...path];
      changed[i] = `${changed[i]!.slice(0, 63)}${changed[i]!.endsWith('0') ? '1' : '0'}`;
      expect(verifyInclusion(17, n, hexToBytes(all[17]!), bytes(changed), root)).toBe(false);
    }
    expect(verifyInclusion(17, n, hexToBytes(all[18]!), bytes(path), root)).toBe(false);
    expect(verifyInclusion(16, n, hexToBytes(all[17]!), bytes(path), root)).toBe(false);
    // A size with another tree shape; one with the same shape (46) is bound by its own signed root.
    expect(verifyInclusion(17, 20, hexToBytes(all[17]!), bytes(path), root)).toBe(false);
    expect(verifyInclusion(17, n, hexToBytes(all[17]!), bytes(path.slice(1)), root)).toBe(false);

    const proof = referenceConsistencyProof(all.slice(0, n), 20);
    const first = hexToBytes(referenceRoot(all.slice(0, 20)));
    expect(verifyConsistency(20, n, bytes(proof), first, root)).toBe(true);
    expect(verifyConsistency(21, n, bytes(proof), first, root)).toBe(false);
    expect(verifyConsistency(20, n, bytes(proof.slice(0, -1)), first, root)).toBe(false);
    expect(verifyConsistency(20, n, bytes(proof), root, root)).toBe(false);
  });
});
