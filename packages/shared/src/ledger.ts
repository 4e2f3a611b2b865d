import { z } from 'zod';
import type { Endpoint } from './endpoints';

/**
 * What the transparency ledger records, one entry type per kind of event. The entry format itself
 * (hashing, signatures, Merkle proofs) is in @smart-city/ledger, shared by the server, the browser
 * and the command-line verifier.
 */
export const LEDGER_ENTRY_TYPES = [
  'contract.created',
  'contract.changed',
  'contract.feedback',
  'air_quality.crossed',
  'air_quality.daily',
  'alert.acknowledged',
  'alert.resolved',
  'alert.dismissed',
  'notice.published',
  'booking.status_changed',
  'notice.edited',
  'notice.removed',
  'alert.shelved',
  'alert.unshelved',
  'alert_group.acknowledged',
  'alert_group.resolved',
  'maintenance.scheduled',
  'maintenance.ended',
  'report.created',
  'report.changed',
] as const;
export const ledgerEntryTypeSchema = z.enum(LEDGER_ENTRY_TYPES).meta({ id: 'LedgerEntryType' });
export type LedgerEntryType = z.infer<typeof ledgerEntryTypeSchema>;

/** Most entries one page of `GET /api/ledger/entries` holds. */
export const MAX_LEDGER_PAGE = 500;

const hexHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');

/** An entry as the ledger publishes it (see @smart-city/ledger for how hash and signature are made). */
export const ledgerEntrySchema = z
  .object({
    seq: z.number().int().positive(),
    type: z.string(),
    at: z.string(),
    payload: z.record(z.string(), z.unknown()),
    prevHash: hexHash,
    hash: hexHash,
    signature: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;

/** The cursor of a page: the seq to continue after (the last seq listed). */
const seqCursorSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, 'must be the nextCursor of a previous answer');

export const ledgerEntriesQuerySchema = z.object({
  type: ledgerEntryTypeSchema.optional(),
  after: seqCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEDGER_PAGE).default(100),
});

/** `GET /api/ledger/entries`: oldest first; `nextCursor` is null at the end. */
export const ledgerEntryPageSchema = z
  .object({ items: z.array(ledgerEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'LedgerEntryPage' });

export const ledgerSeqParamsSchema = z.object({
  seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const ledgerCheckpointSchema = z
  .object({
    treeSize: z.number().int().positive(),
    rootHash: hexHash,
    at: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'LedgerCheckpoint' });
export type LedgerCheckpointView = z.infer<typeof ledgerCheckpointSchema>;

export const ledgerCheckpointsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LEDGER_PAGE).default(100),
});

/** `GET /api/ledger/checkpoints`: newest first. */
export const ledgerCheckpointListSchema = z
  .object({ items: z.array(ledgerCheckpointSchema) })
  .meta({ id: 'LedgerCheckpointList' });

/** The city's ledger key, an OKP/Ed25519 JWK (RFC 8037). */
export const ledgerPublicKeySchema = z
  .object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string(),
    kid: z.string(),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .meta({ id: 'LedgerPublicKey' });

export const ledgerProofQuerySchema = z.object({
  treeSize: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** RFC 6962 inclusion proof of entry `seq` (leaf `seq - 1`) in the tree of `treeSize` entries. */
export const ledgerInclusionProofSchema = z
  .object({
    seq: z.number().int().positive(),
    treeSize: z.number().int().positive(),
    leafIndex: z.number().int().nonnegative(),
    entryHash: hexHash,
    rootHash: hexHash,
    auditPath: z.array(hexHash),
  })
  .meta({ id: 'LedgerInclusionProof' });

export const ledgerConsistencyQuerySchema = z.object({
  from: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  to: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** RFC 6962 consistency proof: the tree of `from` entries is a prefix of the tree of `to`. */
export const ledgerConsistencyProofSchema = z
  .object({
    from: z.number().int().positive(),
    to: z.number().int().positive(),
    fromRoot: hexHash,
    toRoot: hexHash,
    proof: z.array(hexHash),
  })
  .meta({ id: 'LedgerConsistencyProof' });

/**
 * `GET /api/ledger/summary`: the chain's length, its entries by type and its latest checkpoint.
 * Seqs start at 1 and have no gaps, so `entries` is also the newest seq: how far a verifier that
 * checks everything must reach.
 */
export const ledgerSummarySchema = z
  .object({
    entries: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'How many entries the ledger holds, which is also the newest seq' }),
    byType: z.record(z.string(), z.number().int().nonnegative()),
    latestCheckpoint: ledgerCheckpointSchema.nullable(),
  })
  .meta({ id: 'LedgerSummary' });
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

/** Entries a `ledger:appended` event carries at most; a client that sees a gap reads the rest. */
export const MAX_LIVE_LEDGER_ENTRIES = 50;

/** Live `ledger:appended`: the newest entries just chained, and the seq the ledger reached. */
export const ledgerAppendedEventSchema = z.object({
  latestSeq: z.number().int().positive(),
  entries: z.array(ledgerEntrySchema).max(MAX_LIVE_LEDGER_ENTRIES),
});
export type LedgerAppendedEvent = z.infer<typeof ledgerAppendedEventSchema>;

/** The transparency ledger, public to all: its key, entries, proofs, summary and checkpoints. */
export const LEDGER_ENDPOINTS = {
  publicKey: {
    method: 'get',
    path: '/api/ledger/public-key',
    summary: 'The city’s Ed25519 ledger key as a JWK (public)',
    tags: ['Ledger'],
    access: 'public',
    status: 200,
    response: ledgerPublicKeySchema,
    description: 'The public key',
  },
  entries: {
    method: 'get',
    path: '/api/ledger/entries',
    summary: 'Ledger entries, oldest first; pass nextCursor as `after` for the next page (public)',
    tags: ['Ledger'],
    access: 'public',
    query: ledgerEntriesQuerySchema,
    status: 200,
    response: ledgerEntryPageSchema,
    description: 'A page of entries',
    errors: { 400: 'A parameter is invalid; `details` names it' },
  },
  entry: {
    method: 'get',
    path: '/api/ledger/entries/{seq}',
    summary: 'One ledger entry (public)',
    tags: ['Ledger'],
    access: 'public',
    params: ledgerSeqParamsSchema,
    status: 200,
    response: ledgerEntrySchema,
    description: 'The entry',
    errors: { 400: 'seq is not a whole number of 1 or more', 404: 'No such entry' },
  },
  proof: {
    method: 'get',
    path: '/api/ledger/entries/{seq}/proof',
    summary: 'RFC 6962 inclusion proof of an entry in the tree of treeSize entries (public)',
    tags: ['Ledger'],
    access: 'public',
    params: ledgerSeqParamsSchema,
    query: ledgerProofQuerySchema,
    status: 200,
    response: ledgerInclusionProofSchema,
    description: 'The audit path',
    errors: { 400: 'treeSize is beyond the ledger or before the entry', 404: 'No such entry' },
  },
  consistency: {
    method: 'get',
    path: '/api/ledger/consistency',
    summary: 'RFC 6962 consistency proof between the trees of `from` and `to` entries (public)',
    tags: ['Ledger'],
    access: 'public',
    query: ledgerConsistencyQuerySchema,
    status: 200,
    response: ledgerConsistencyProofSchema,
    description: 'The proof',
    errors: { 400: 'from is after to, or to is beyond the ledger' },
  },
  summary: {
    method: 'get',
    path: '/api/ledger/summary',
    summary: 'How many entries, by type, and the latest checkpoint (public)',
    tags: ['Ledger'],
    access: 'public',
    status: 200,
    response: ledgerSummarySchema,
    description: 'The summary',
  },
  checkpoints: {
    method: 'get',
    path: '/api/ledger/checkpoints',
    summary: 'Signed checkpoints of the Merkle tree, newest first (public)',
    tags: ['Ledger'],
    access: 'public',
    query: ledgerCheckpointsQuerySchema,
    status: 200,
    response: ledgerCheckpointListSchema,
    description: 'The checkpoints',
    errors: { 400: 'limit is out of range' },
  },
} as const satisfies Record<string, Endpoint>;
