import { bytesToHex, hexToBytes } from './bytes';
import type { LedgerCheckpoint, LedgerEntry } from './format';
import { MerkleTree } from './merkle';
import type { LedgerPublicKey } from './signature';
import type { LedgerSource } from './verify';

/** Entries a page of `GET /api/ledger/entries` holds at most. */
export const LEDGER_PAGE_LIMIT = 500;

/** Everything needed to verify a ledger away from its server. */
export type LedgerExport = {
  publicKey: LedgerPublicKey;
  checkpoint: LedgerCheckpoint | null;
  entries: LedgerEntry[];
  /**
   * The newest seq when the ledger was saved, so a file that lost its last entries fails at the
   * first one lost; files saved without it are taken to end where their entries do.
   */
  latestSeq?: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks an entry's shape as it arrives: a malformed one fails verification at its seq, it does not crash it. */
export function asLedgerEntry(value: unknown, expectedSeq: number): LedgerEntry {
  const ok =
    isRecord(value) &&
    Number.isSafeInteger(value.seq) &&
    typeof value.type === 'string' &&
    typeof value.at === 'string' &&
    isRecord(value.payload) &&
    typeof value.prevHash === 'string' &&
    typeof value.hash === 'string' &&
    typeof value.signature === 'string';
  if (ok) return value as LedgerEntry;
  // Kept as an entry that cannot pass, so the report names where the ledger went wrong.
  return { seq: expectedSeq, type: '', at: '', payload: {}, prevHash: '', hash: '', signature: '' };
}

/** The ledger of a running server, read through its public API (no sign-in needed). */
export function httpLedgerSource(baseUrl: string, fetchImpl: typeof fetch = fetch): LedgerSource {
  const base = baseUrl.replace(/\/+$/, '');
  async function get(path: string): Promise<unknown> {
    const res = await fetchImpl(`${base}${path}`, { headers: { Accept: 'application/json' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return res.json();
  }
  return {
    publicKey: async () => (await get('/api/ledger/public-key')) as LedgerPublicKey,
    async latestCheckpoint() {
      const page = (await get('/api/ledger/checkpoints?limit=1')) as { items: LedgerCheckpoint[] };
      return page.items[0] ?? null;
    },
    async latestSeq() {
      // Seqs start at 1 and have no gaps, so the summary's count of entries is the newest seq.
      const summary = (await get('/api/ledger/summary')) as { entries?: unknown } | null;
      const seq = summary?.entries;
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0)
        throw new Error('GET /api/ledger/summary did not say how many entries the ledger holds');
      return seq;
    },
    async entry(seq) {
      const found = await get(`/api/ledger/entries/${seq}`);
      return found === null ? null : asLedgerEntry(found, seq);
    },
    async *entries(from, to) {
      let after: string | null = String(from - 1);
      let expected = from;
      while (after !== null && expected <= to) {
        const limit = Math.min(LEDGER_PAGE_LIMIT, to - expected + 1);
        const page = (await get(`/api/ledger/entries?after=${after}&limit=${limit}`)) as {
          items: unknown[];
          nextCursor: string | null;
        };
        for (const item of page.items) {
          if (expected > to) return;
          yield asLedgerEntry(item, expected++);
        }
        after = page.items.length > 0 ? page.nextCursor : null;
      }
    },
    async inclusionProof(seq, treeSize) {
      const proof = (await get(`/api/ledger/entries/${seq}/proof?treeSize=${treeSize}`)) as {
        auditPath: string[];
      };
      return proof.auditPath;
    },
  };
}

/** A ledger exported to a file (`ledger:verify --save`), checked without its server. */
export function exportLedgerSource(data: LedgerExport): LedgerSource {
  const bySeq = new Map(data.entries.map((entry, i) => [i + 1, entry]));
  let tree: MerkleTree | undefined;
  return {
    publicKey: async () => data.publicKey,
    latestCheckpoint: async () => data.checkpoint,
    latestSeq: async () =>
      Number.isSafeInteger(data.latestSeq) ? data.latestSeq! : data.entries.length,
    entry: async (seq) => (bySeq.has(seq) ? asLedgerEntry(bySeq.get(seq), seq) : null),
    async *entries(from, to) {
      for (let seq = from; seq <= to && bySeq.has(seq); seq++)
        yield asLedgerEntry(bySeq.get(seq), seq);
    },
    async inclusionProof(seq, treeSize) {
      if (!tree) {
        tree = new MerkleTree();
        for (const entry of data.entries) tree.appendEntryHash(hexToBytes(entry.hash));
      }
      return tree.inclusionProof(seq - 1, treeSize).map(bytesToHex);
    },
  };
}

/** Reads a whole ledger (every entry up to the newest, or up to `to`) into an export. */
export async function exportLedger(source: LedgerSource, to?: number): Promise<LedgerExport> {
  const checkpoint = await source.latestCheckpoint();
  const last = to ?? Math.max(await source.latestSeq(), checkpoint?.treeSize ?? 0);
  const entries: LedgerEntry[] = [];
  for await (const entry of source.entries(1, last)) entries.push(entry);
  return { publicKey: await source.publicKey(), checkpoint, entries, latestSeq: last };
}
