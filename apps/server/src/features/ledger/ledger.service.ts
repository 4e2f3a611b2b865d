import { createHash, sign, type KeyObject } from 'node:crypto';
import {
  base64url,
  bytesToHex,
  canonicalJson,
  CHECKPOINT_EVERY,
  checkpointDigest,
  entryHash,
  extendFrontier,
  frontierRoot,
  hexToBytes,
  leafHash,
  MerkleTree,
  type LedgerPublicKey,
  type MerkleFrontier,
} from '@smart-city/ledger';
import {
  MAX_LIVE_LEDGER_ENTRIES,
  type LedgerCheckpointView,
  type LedgerEntryType,
  type LedgerEntryView,
  type Role,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, LedgerCheckpointRow, LedgerEntryRow } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import type { Work } from '../../lib/unit-of-work';
import {
  appendChained,
  chainedRefs,
  countByType,
  entryHashesAfter,
  findEntry,
  headSeq,
  insertCheckpoint,
  insertPending,
  latestCheckpoint,
  listCheckpoints,
  listEntries,
  lockHead,
  seqsOfRefs,
  takePending,
} from './ledger.repository';
import { Invalid, NotFound } from '../../lib/domain-errors';

/** Queued entries one sequencing transaction chains at most. */
const SEQUENCE_BATCH = 1_000;

/** Who did a recorded action, as the public sees it: a role and a pseudonym, never a name or e-mail. */
export type LedgerActor = { role: Role; id: string };

/** A stable pseudonym for an account: the same person is recognisable across entries, not nameable. */
export function actorPseudonym(userId: string): string {
  return `p-${createHash('sha256').update(`smart-city ledger actor ${userId}`).digest('base64url').slice(0, 12)}`;
}

/** The public form of a recorded actor. */
export const publicActor = (actor: LedgerActor) => ({
  role: actor.role,
  id: actorPseudonym(actor.id),
});

type StoredFrontier = { size: number; hash: string }[];

function toFrontier(seq: number, stored: unknown): MerkleFrontier {
  const peaks = (stored as StoredFrontier).map((peak) => ({
    size: peak.size,
    hash: hexToBytes(peak.hash),
  }));
  return { size: seq, peaks };
}

const storedFrontier = (frontier: MerkleFrontier) =>
  JSON.stringify(frontier.peaks.map((peak) => ({ size: peak.size, hash: bytesToHex(peak.hash) })));

function presentEntry(row: LedgerEntryRow): LedgerEntryView {
  return {
    seq: Number(row.seq),
    type: row.type,
    at: row.at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    prevHash: row.prev_hash,
    hash: row.hash,
    signature: row.signature,
  };
}

function presentCheckpoint(row: LedgerCheckpointRow): LedgerCheckpointView {
  return {
    treeSize: Number(row.tree_size),
    rootHash: row.root_hash,
    at: row.at,
    signature: row.signature,
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/**
 * The city's transparency ledger: an append-only, hash-chained log of Ed25519-signed entries with
 * RFC 6962 Merkle checkpoints. An action records its entry in its own transaction (`record`), so
 * the two commit or roll back together; the sequencer then chains what was recorded, in batches,
 * one sequencer at a time across every server process (decision 0013).
 */
export function createLedgerService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  /** The city's Ed25519 private key (see ledger-key.ts). */
  signingKey: KeyObject;
  publicKey: LedgerPublicKey;
  logger: Logger;
  now: () => Date;
}) {
  const { db, events, signingKey, logger } = deps;
  const signBytes = (bytes: Uint8Array) => base64url(sign(null, bytes, signingKey));

  function signedCheckpoint(treeSize: number, root: Uint8Array, at: string) {
    const fields = { treeSize, rootHash: bytesToHex(root), at };
    return {
      tree_size: treeSize,
      root_hash: fields.rootHash,
      at,
      signature: signBytes(checkpointDigest(fields)),
    };
  }

  /** Chains up to SEQUENCE_BATCH queued entries; returns the entries chained. */
  async function sequenceBatch(): Promise<LedgerEntryView[]> {
    return db.transaction().execute(async (trx) => {
      const head = await lockHead(trx);
      const pending = await takePending(trx, SEQUENCE_BATCH);
      if (pending.length === 0) return [];
      // A ref the ledger holds already is not recorded twice.
      const known = await chainedRefs(
        trx,
        pending.flatMap((p) => (p.ref ? [p.ref] : [])),
      );
      let frontier = toFrontier(head.seq, head.frontier);
      let prevHash = head.hash;
      let seq = head.seq;
      const entries: Parameters<typeof appendChained>[1]['entries'] = [];
      const checkpoints: Parameters<typeof appendChained>[1]['checkpoints'] = [];
      const checkpointAt = deps.now().toISOString();
      for (const queued of pending) {
        if (queued.ref && known.has(queued.ref)) continue;
        seq += 1;
        const fields = {
          seq,
          type: queued.type,
          at: queued.at,
          payload: JSON.parse(queued.payload) as Record<string, unknown>,
          prevHash,
        };
        const hash = entryHash(fields);
        entries.push({
          seq,
          type: queued.type,
          at: queued.at,
          payload: queued.payload,
          prev_hash: prevHash,
          hash,
          signature: signBytes(hexToBytes(hash)),
          ref: queued.ref,
        });
        frontier = extendFrontier(frontier, leafHash(hexToBytes(hash)));
        if (seq % CHECKPOINT_EVERY === 0)
          checkpoints.push(signedCheckpoint(seq, frontierRoot(frontier), checkpointAt));
        prevHash = hash;
      }
      await appendChained(trx, {
        entries,
        checkpoints,
        takenIds: pending.map((p) => p.id),
        head: { seq, hash: prevHash, frontier: storedFrontier(frontier) },
      });
      return entries.map((row) => presentEntry({ ...row, seq: String(row.seq) }));
    });
  }

  let sequencing: Promise<number> | undefined;
  let again = false;

  /** Chains everything queued now; runs one at a time in this process, and again if asked meanwhile. */
  async function sequence(): Promise<number> {
    if (sequencing) {
      again = true;
      return sequencing;
    }
    sequencing = (async () => {
      let total = 0;
      do {
        again = false;
        for (;;) {
          const chained = await sequenceBatch();
          if (chained.length === 0) break;
          total += chained.length;
          events.emit('ledger:appended', {
            latestSeq: chained.at(-1)!.seq,
            entries: chained.slice(-MAX_LIVE_LEDGER_ENTRIES),
          });
        }
      } while (again);
      return total;
    })().finally(() => (sequencing = undefined));
    return sequencing;
  }

  // Every process keeps the tree in memory for proofs, and reads only the entries it has not seen.
  const tree = new MerkleTree();
  let syncing: Promise<void> | undefined;
  async function syncTree(upTo: number): Promise<void> {
    while (tree.size < upTo) {
      syncing ??= (async () => {
        const rows = await entryHashesAfter(db, tree.size, 10_000);
        for (const row of rows) {
          // Seqs have no gaps: a row out of step means another read appended it already.
          if (Number(row.seq) === tree.size + 1) tree.appendEntryHash(hexToBytes(row.hash));
        }
        if (rows.length === 0) throw new Error(`the ledger holds fewer than ${upTo} entries`);
      })().finally(() => (syncing = undefined));
      await syncing;
    }
  }

  async function requireTreeSize(treeSize: number): Promise<void> {
    const size = await headSeq(db);
    if (treeSize > size) {
      throw new Invalid(`The ledger holds ${size} entries; treeSize must be at most that`, [
        { path: 'treeSize', message: `must be at most ${size}` },
      ]);
    }
    await syncTree(treeSize);
  }

  // Entries recorded by a committed unit of work are chained soon, without holding up its caller.
  events.on('ledger:recorded', () => {
    setImmediate(() => {
      sequence().catch((err: unknown) => logger.error({ err }, 'ledger sequencing failed'));
    });
  });

  return {
    publicKey: () => deps.publicKey,

    /**
     * Records an entry in the caller's unit of work: it is chained once that transaction commits
     * (the unit publishes `ledger:recorded`, which this service hears), and never when it rolls
     * back. A `ref` names what it is about, so nothing is recorded twice.
     */
    async record(
      unit: Work,
      entry: { type: LedgerEntryType; payload: Record<string, unknown>; at?: Date; ref?: string },
    ): Promise<void> {
      await insertPending(unit.trx, {
        type: entry.type,
        at: (entry.at ?? deps.now()).toISOString(),
        payload: canonicalJson(entry.payload),
        ref: entry.ref ?? null,
      });
      unit.publish('ledger:recorded', {});
    },

    sequence,

    /**
     * Signs a checkpoint of everything chained when entries were appended since the last one and
     * it is at least `intervalMs` old (or there is none yet), so no entry waits longer than that.
     */
    async checkpointIfDue(intervalMs: number): Promise<LedgerCheckpointView | null> {
      return db.transaction().execute(async (trx) => {
        const head = await lockHead(trx);
        const last = await latestCheckpoint(trx);
        const covered = last ? Number(last.tree_size) : 0;
        if (head.seq <= covered) return null;
        const now = deps.now();
        if (last && now.getTime() - Date.parse(last.at) < intervalMs) return null;
        const checkpoint = signedCheckpoint(
          head.seq,
          frontierRoot(toFrontier(head.seq, head.frontier)),
          now.toISOString(),
        );
        await insertCheckpoint(trx, checkpoint);
        return presentCheckpoint({ ...checkpoint, tree_size: String(checkpoint.tree_size) });
      });
    },

    /** Entries after the cursor, oldest first, a page at a time. */
    async list(filter: { type?: LedgerEntryType; after?: string; limit: number }) {
      const rows = await listEntries(db, {
        type: filter.type,
        afterSeq: Number(filter.after ?? 0),
        limit: filter.limit,
      });
      const items = rows.map(presentEntry);
      return {
        items,
        nextCursor: items.length === filter.limit ? String(items.at(-1)!.seq) : null,
      };
    },

    async entry(seq: number): Promise<LedgerEntryView> {
      const row = await findEntry(db, seq);
      if (!row) throw new NotFound(`The ledger has no entry ${seq}`);
      return presentEntry(row);
    },

    async checkpoints(limit: number): Promise<LedgerCheckpointView[]> {
      return (await listCheckpoints(db, limit)).map(presentCheckpoint);
    },

    /** Counts by type, the chain's length and its latest checkpoint, for the Monitor. */
    async summary() {
      const [counts, seq, checkpoint] = await Promise.all([
        countByType(db),
        headSeq(db),
        latestCheckpoint(db),
      ]);
      return {
        entries: seq,
        byType: Object.fromEntries(counts.map((row) => [row.type, row.count])),
        latestCheckpoint: checkpoint ? presentCheckpoint(checkpoint) : null,
      };
    },

    /** RFC 6962 inclusion proof of entry `seq` in the tree of `treeSize` entries. */
    async inclusionProof(seq: number, treeSize: number) {
      if (seq > treeSize) {
        throw new Invalid('seq must be at most treeSize', [
          { path: 'treeSize', message: `must be at least ${seq}` },
        ]);
      }
      await requireTreeSize(treeSize);
      const entry = await findEntry(db, seq);
      if (!entry) throw new NotFound(`The ledger has no entry ${seq}`);
      return {
        seq,
        treeSize,
        leafIndex: seq - 1,
        entryHash: entry.hash,
        rootHash: bytesToHex(tree.root(treeSize)),
        auditPath: tree.inclusionProof(seq - 1, treeSize).map(bytesToHex),
      };
    },

    /** RFC 6962 consistency proof between the trees of `from` and `to` entries. */
    async consistencyProof(from: number, to: number) {
      if (from > to) {
        throw new Invalid('from must be at most to', [
          { path: 'from', message: `must be at most ${to}` },
        ]);
      }
      await requireTreeSize(to);
      return {
        from,
        to,
        fromRoot: bytesToHex(tree.root(from)),
        toRoot: bytesToHex(tree.root(to)),
        proof: tree.consistencyProof(from, to).map(bytesToHex),
      };
    },

    /** The seq of the entry recorded for each ref, once chained. */
    seqsOf: (refs: string[]) => seqsOfRefs(db, refs),
  };
}
