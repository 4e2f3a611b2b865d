import { equalBytes, sha256Bytes } from './bytes';

// RFC 6962 §2.1 Merkle Tree Hash over the entries' 32-byte hashes, and RFC 9162 §2.1.3–2.1.4 for
// checking inclusion and consistency proofs.

const LEAF = 0x00;
const NODE = 0x01;

/** A leaf of the tree: SHA-256(0x00 ‖ the entry's hash bytes). */
export function leafHash(entryHash: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(1 + entryHash.length);
  bytes[0] = LEAF;
  bytes.set(entryHash, 1);
  return sha256Bytes(bytes);
}

/** An inner node: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(1 + left.length + right.length);
  bytes[0] = NODE;
  bytes.set(left, 1);
  bytes.set(right, 1 + left.length);
  return sha256Bytes(bytes);
}

/** The hash of the empty tree: SHA-256 of nothing. */
export const EMPTY_TREE_HASH = sha256Bytes(new Uint8Array());

/** The largest power of two smaller than n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The right edge of a tree, enough to add leaves and compute the root in O(log n): the roots of
 * its perfect subtrees, largest first. The ledger keeps one beside its head, so a checkpoint
 * never needs every entry.
 */
export type MerkleFrontier = { size: number; peaks: { size: number; hash: Uint8Array }[] };

export const emptyFrontier = (): MerkleFrontier => ({ size: 0, peaks: [] });

/** Adds one leaf (already leaf-hashed), merging equal-sized peaks as a binary counter carries. */
export function extendFrontier(frontier: MerkleFrontier, leaf: Uint8Array): MerkleFrontier {
  const peaks = [...frontier.peaks, { size: 1, hash: leaf }];
  while (peaks.length >= 2 && peaks.at(-1)!.size === peaks.at(-2)!.size) {
    const right = peaks.pop()!;
    const left = peaks.pop()!;
    peaks.push({ size: left.size * 2, hash: nodeHash(left.hash, right.hash) });
  }
  return { size: frontier.size + 1, peaks };
}

/** RFC 6962's root of the frontier's tree: its peaks folded from the right. */
export function frontierRoot(frontier: MerkleFrontier): Uint8Array {
  if (frontier.peaks.length === 0) return EMPTY_TREE_HASH;
  let root = frontier.peaks.at(-1)!.hash;
  for (let i = frontier.peaks.length - 2; i >= 0; i--)
    root = nodeHash(frontier.peaks[i]!.hash, root);
  return root;
}

/**
 * A whole tree kept in memory: every leaf and the root of every complete perfect subtree, so any
 * root, inclusion or consistency proof costs O(log² n) hashes. 100,000 entries take about 6 MB.
 */
export class MerkleTree {
  /** levels[h][i]: the root of the perfect subtree over leaves [i·2^h, (i+1)·2^h). */
  private readonly levels: Uint8Array[][] = [[]];

  get size(): number {
    return this.levels[0]!.length;
  }

  /** Adds the leaf of one entry hash. */
  appendEntryHash(entryHash: Uint8Array): void {
    this.levels[0]!.push(leafHash(entryHash));
    let height = 0;
    while (this.levels[height]!.length % 2 === 0) {
      const level = this.levels[height]!;
      const parent = nodeHash(level[level.length - 2]!, level[level.length - 1]!);
      (this.levels[height + 1] ??= []).push(parent);
      height++;
    }
  }

  /** MTH of leaves [start, end); RFC 6962's split keeps every left part an aligned perfect subtree. */
  private subtreeHash(start: number, end: number): Uint8Array {
    const count = end - start;
    if (count === 0) return EMPTY_TREE_HASH;
    if ((count & (count - 1)) === 0) {
      const height = Math.log2(count);
      return this.levels[height]![start / count]!;
    }
    const k = splitPoint(count);
    return nodeHash(this.subtreeHash(start, start + k), this.subtreeHash(start + k, end));
  }

  /** The root of the tree over the first `treeSize` leaves. */
  root(treeSize = this.size): Uint8Array {
    this.checkSize(treeSize);
    return this.subtreeHash(0, treeSize);
  }

  /** RFC 6962 PATH(m, D[n]): the audit path of leaf `index` in the tree of `treeSize` leaves. */
  inclusionProof(index: number, treeSize: number): Uint8Array[] {
    this.checkSize(treeSize);
    if (!(index >= 0 && index < treeSize)) throw new RangeError('the leaf is not in the tree');
    const path = (m: number, start: number, end: number): Uint8Array[] => {
      const n = end - start;
      if (n === 1) return [];
      const k = splitPoint(n);
      return m < k
        ? [...path(m, start, start + k), this.subtreeHash(start + k, end)]
        : [...path(m - k, start + k, end), this.subtreeHash(start, start + k)];
    };
    return path(index, 0, treeSize);
  }

  /** RFC 6962 PROOF(m, D[n]): that the tree of `first` leaves is a prefix of the tree of `second`. */
  consistencyProof(first: number, second: number): Uint8Array[] {
    this.checkSize(second);
    if (!(first > 0 && first <= second)) throw new RangeError('the first tree must be 1..second');
    const subproof = (m: number, start: number, end: number, whole: boolean): Uint8Array[] => {
      const n = end - start;
      if (m === n) return whole ? [] : [this.subtreeHash(start, end)];
      const k = splitPoint(n);
      return m <= k
        ? [...subproof(m, start, start + k, whole), this.subtreeHash(start + k, end)]
        : [...subproof(m - k, start + k, end, false), this.subtreeHash(start, start + k)];
    };
    return subproof(first, 0, second, true);
  }

  private checkSize(treeSize: number) {
    if (!(Number.isInteger(treeSize) && treeSize >= 0 && treeSize <= this.size))
      throw new RangeError(`the tree has ${this.size} leaves, not ${treeSize}`);
  }
}

const lsb = (n: number) => (n & 1) === 1;

/** RFC 9162 §2.1.3.2: whether `entryHash` is leaf `index` of the tree of `treeSize` with `root`. */
export function verifyInclusion(
  index: number,
  treeSize: number,
  entryHash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!(index >= 0 && index < treeSize)) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash(entryHash);
  for (const p of proof) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      r = nodeHash(p, r);
      while (!lsb(fn) && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && equalBytes(r, root);
}

/** RFC 9162 §2.1.4.2: whether the tree of `first` leaves with `firstRoot` is a prefix of the other. */
export function verifyConsistency(
  first: number,
  second: number,
  proof: readonly Uint8Array[],
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
): boolean {
  if (!(first > 0 && first <= second)) return false;
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (lsb(fn)) {
    fn >>= 1;
    sn >>= 1;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (!lsb(fn) && fn !== 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}
