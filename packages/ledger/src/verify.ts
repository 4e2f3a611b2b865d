import { bytesToHex, fromBase64url, hexToBytes } from './bytes';
import {
  checkpointDigest,
  entryHash,
  GENESIS_PREV_HASH,
  type LedgerCheckpoint,
  type LedgerEntry,
} from './format';
import { emptyFrontier, extendFrontier, frontierRoot, leafHash, verifyInclusion } from './merkle';
import { signatureCheckFor, type LedgerPublicKey, type SignatureCheck } from './signature';

/** Where a verifier reads the ledger from: the server's public API, or an exported file. */
export interface LedgerSource {
  publicKey(): Promise<LedgerPublicKey>;
  /** The newest checkpoint, or null before the first one. */
  latestCheckpoint(): Promise<LedgerCheckpoint | null>;
  /** The seq of the newest entry, 0 while there is none: how far a whole check must reach. */
  latestSeq(): Promise<number>;
  /** One entry, or null when there is none with that seq. */
  entry(seq: number): Promise<LedgerEntry | null>;
  /** Entries `from`..`to` in order (fewer when the ledger is shorter). */
  entries(from: number, to: number): AsyncIterable<LedgerEntry>;
  /** The audit path of entry `seq` in the tree of `treeSize` entries, as hex hashes. */
  inclusionProof(seq: number, treeSize: number): Promise<string[]>;
}

export type VerifyProgress = { checked: number; total: number };

/** Why verification failed, as a code a screen can put into words of its own. */
export type VerifyProblem =
  'missing' | 'link' | 'hash' | 'signature' | 'checkpoint-signature' | 'root' | 'inclusion';

const REASONS: Record<VerifyProblem, string> = {
  missing: 'the entry is missing',
  link: 'its previous hash is not the hash of the entry before',
  hash: 'its hash does not match its contents',
  signature: 'its signature is not valid',
  'checkpoint-signature': 'the checkpoint signature is not valid',
  root: 'the entries do not add up to the checkpoint root',
  inclusion: 'the entry is not in the checkpoint tree',
};

export type VerifyReport =
  | {
      ok: true;
      from: number;
      to: number;
      /** Entries whose seq, link, hash and signature were checked: every one from `from` to `to`. */
      checked: number;
      /**
       * How many of the entries checked come after the newest checkpoint: each is checked like any
       * other, but no signed Merkle root covers it yet. All of them when there is no checkpoint.
       */
      beyondCheckpoint: number;
      /** The newest entry's seq when the check began; `to` equals it when the check reached the end. */
      latestSeq: number;
      /** The checkpoint the entries were checked against, when there was one. */
      checkpoint: LedgerCheckpoint | null;
      /**
       * How the checkpoint's root was confirmed: rebuilt from every entry it covers, by an inclusion
       * proof of the last entry checked that it covers, or not at all when it covers none of them.
       */
      root: 'rebuilt' | 'inclusion' | 'none';
    }
  | {
      ok: false;
      /** The first entry that fails, or null when the entries pass and the checkpoint does not. */
      failedSeq: number | null;
      problem: VerifyProblem;
      /** The problem in English, for the command line and logs. */
      reason: string;
      checked: number;
    };

/** Signatures checked at once: WebCrypto runs them on worker threads, so a batch keeps them busy. */
const SIGNATURE_BATCH = 256;

/** What is wrong with one entry, given the hash the entry before it has; null when nothing is. */
function entryProblem(
  entry: LedgerEntry,
  expectedSeq: number,
  previousHash: string,
): VerifyProblem | null {
  if (entry.seq !== expectedSeq) return 'missing';
  if (entry.prevHash !== previousHash) return 'link';
  if (entryHash(entry) !== entry.hash) return 'hash';
  return null;
}

function failure(failedSeq: number | null, problem: VerifyProblem, checked: number): VerifyReport {
  return { ok: false, failedSeq, problem, reason: REASONS[problem], checked };
}

async function signatureProblems(check: SignatureCheck, batch: LedgerEntry[]) {
  const results = await Promise.all(
    batch.map((entry) => {
      try {
        return check(hexToBytes(entry.hash), fromBase64url(entry.signature));
      } catch {
        return Promise.resolve(false);
      }
    }),
  );
  return results.findIndex((ok) => !ok);
}

/**
 * Checks entries `from`..`to` (by default every entry, from the first to the newest): each one's
 * seq, the link to the entry before, its hash and its Ed25519 signature, whether or not a
 * checkpoint covers it yet; and the newest checkpoint's signature and Merkle root, rebuilt from
 * every entry it covers when the range starts at 1 and reaches it, otherwise through the inclusion
 * proof of the last entry checked that it covers. Reports the first entry that fails, and how many
 * of the entries checked no checkpoint covers yet. The browser and the command line run this same
 * function.
 */
export async function verifyLedger(
  source: LedgerSource,
  options: { from?: number; to?: number; onProgress?: (progress: VerifyProgress) => void } = {},
): Promise<VerifyReport> {
  const check = await signatureCheckFor(await source.publicKey());
  const checkpoint = await source.latestCheckpoint();
  if (checkpoint) {
    const signed = await check(checkpointDigest(checkpoint), fromBase64url(checkpoint.signature));
    if (!signed) return failure(null, 'checkpoint-signature', 0);
  }
  const covered = checkpoint?.treeSize ?? 0;
  // Asked after the checkpoint, so it reaches at least as far: the ledger only grows. A source
  // that claims fewer entries than its checkpoint signs is held to the checkpoint.
  const latestSeq = Math.max(await source.latestSeq(), covered);
  const from = Math.max(1, options.from ?? 1);
  const to = options.to ?? latestSeq;
  const total = Math.max(0, to - from + 1);

  let previousHash = GENESIS_PREV_HASH;
  if (from > 1) {
    // The entry before the range anchors the first link; it must be sound itself.
    const before = await source.entry(from - 1);
    if (!before) return failure(from - 1, 'missing', 0);
    const problem =
      entryProblem(before, from - 1, before.prevHash) ??
      ((await signatureProblems(check, [before])) === 0 ? 'signature' : null);
    if (problem) return failure(from - 1, problem, 0);
    previousHash = before.hash;
  }

  // From entry 1 past the checkpoint, its root is rebuilt from the very entries checked.
  const rebuild = from === 1 && checkpoint !== null && to >= covered;
  let frontier = emptyFrontier();
  let checked = 0;
  let beyondCheckpoint = 0;
  let expectedSeq = from;
  /** The last entry checked that the checkpoint covers. */
  let lastCovered: LedgerEntry | null = null;
  let batch: LedgerEntry[] = [];
  /** Checks the batch's signatures; the report of the first that fails, or null. */
  const checkBatch = async (): Promise<VerifyReport | null> => {
    const failed = await signatureProblems(check, batch);
    if (failed >= 0)
      return failure(batch[failed]!.seq, 'signature', checked - batch.length + failed);
    batch = [];
    options.onProgress?.({ checked, total });
    return null;
  };

  for await (const entry of source.entries(from, to)) {
    const problem = entryProblem(entry, expectedSeq, previousHash);
    if (problem) {
      // Signatures of the entries before this one are still owed: one of them may fail first.
      // Where seq jumps, the entry that should have come is the one that fails.
      return (await checkBatch()) ?? failure(expectedSeq, problem, checked);
    }
    if (entry.seq <= covered) {
      if (rebuild) frontier = extendFrontier(frontier, leafHash(hexToBytes(entry.hash)));
      lastCovered = entry;
    } else {
      beyondCheckpoint++;
    }
    batch.push(entry);
    checked++;
    previousHash = entry.hash;
    expectedSeq++;
    if (batch.length >= SIGNATURE_BATCH) {
      const failed = await checkBatch();
      if (failed) return failed;
    }
  }
  const failed = await checkBatch();
  if (failed) return failed;
  // Entries the source should have had and did not give, the newest ones included.
  if (checked < total) return failure(expectedSeq, 'missing', checked);

  const passed = (root: 'rebuilt' | 'inclusion' | 'none'): VerifyReport => ({
    ok: true,
    from,
    to: from + checked - 1,
    checked,
    beyondCheckpoint,
    latestSeq,
    checkpoint,
    root,
  });
  if (!checkpoint || !lastCovered) return passed('none');
  if (rebuild) {
    const root = bytesToHex(frontierRoot(frontier));
    return root === checkpoint.rootHash ? passed('rebuilt') : failure(null, 'root', checked);
  }
  const proof = (await source.inclusionProof(lastCovered.seq, covered)).map(hexToBytes);
  const included = verifyInclusion(
    lastCovered.seq - 1,
    covered,
    hexToBytes(lastCovered.hash),
    proof,
    hexToBytes(checkpoint.rootHash),
  );
  return included ? passed('inclusion') : failure(lastCovered.seq, 'inclusion', checked);
}
