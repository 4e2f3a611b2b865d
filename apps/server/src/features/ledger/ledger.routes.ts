import { createRoute } from '@hono/zod-openapi';
import {
  ledgerCheckpointListSchema,
  ledgerCheckpointsQuerySchema,
  ledgerConsistencyProofSchema,
  ledgerConsistencyQuerySchema,
  ledgerEntriesQuerySchema,
  ledgerEntryPageSchema,
  ledgerEntrySchema,
  ledgerInclusionProofSchema,
  ledgerProofQuerySchema,
  ledgerPublicKeySchema,
  ledgerSeqParamsSchema,
  ledgerSummarySchema,
} from '@smart-city/shared';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { LedgerService } from './ledger.service';

const publicKeyRoute = createRoute({
  method: 'get',
  path: '/ledger/public-key',
  tags: ['Ledger'],
  summary: 'The city’s Ed25519 ledger key as a JWK (public)',
  responses: { 200: jsonContent('The public key', ledgerPublicKeySchema) },
});

const entriesRoute = createRoute({
  method: 'get',
  path: '/ledger/entries',
  tags: ['Ledger'],
  summary: 'Ledger entries, oldest first; pass nextCursor as `after` for the next page (public)',
  request: { query: ledgerEntriesQuerySchema },
  responses: {
    200: jsonContent('A page of entries', ledgerEntryPageSchema),
    400: errorContent('A parameter is invalid; `details` names it'),
  },
});

const entryRoute = createRoute({
  method: 'get',
  path: '/ledger/entries/{seq}',
  tags: ['Ledger'],
  summary: 'One ledger entry (public)',
  request: { params: ledgerSeqParamsSchema },
  responses: {
    200: jsonContent('The entry', ledgerEntrySchema),
    400: errorContent('seq is not a whole number of 1 or more'),
    404: errorContent('No such entry'),
  },
});

const proofRoute = createRoute({
  method: 'get',
  path: '/ledger/entries/{seq}/proof',
  tags: ['Ledger'],
  summary: 'RFC 6962 inclusion proof of an entry in the tree of treeSize entries (public)',
  request: { params: ledgerSeqParamsSchema, query: ledgerProofQuerySchema },
  responses: {
    200: jsonContent('The audit path', ledgerInclusionProofSchema),
    400: errorContent('treeSize is beyond the ledger or before the entry'),
    404: errorContent('No such entry'),
  },
});

const consistencyRoute = createRoute({
  method: 'get',
  path: '/ledger/consistency',
  tags: ['Ledger'],
  summary: 'RFC 6962 consistency proof between the trees of `from` and `to` entries (public)',
  request: { query: ledgerConsistencyQuerySchema },
  responses: {
    200: jsonContent('The proof', ledgerConsistencyProofSchema),
    400: errorContent('from is after to, or to is beyond the ledger'),
  },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/ledger/summary',
  tags: ['Ledger'],
  summary: 'How many entries, by type, and the latest checkpoint (public)',
  responses: { 200: jsonContent('The summary', ledgerSummarySchema) },
});

const checkpointsRoute = createRoute({
  method: 'get',
  path: '/ledger/checkpoints',
  tags: ['Ledger'],
  summary: 'Signed checkpoints of the Merkle tree, newest first (public)',
  request: { query: ledgerCheckpointsQuerySchema },
  responses: {
    200: jsonContent('The checkpoints', ledgerCheckpointListSchema),
    400: errorContent('limit is out of range'),
  },
});

export function ledgerRoutes(ledger: LedgerService) {
  return createRouter()
    .openapi(publicKeyRoute, (c) => c.json(ledger.publicKey(), 200))
    .openapi(entriesRoute, async (c) => c.json(await ledger.list(c.req.valid('query')), 200))
    .openapi(entryRoute, async (c) => c.json(await ledger.entry(c.req.valid('param').seq), 200))
    .openapi(proofRoute, async (c) =>
      c.json(
        await ledger.inclusionProof(c.req.valid('param').seq, c.req.valid('query').treeSize),
        200,
      ),
    )
    .openapi(consistencyRoute, async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await ledger.consistencyProof(from, to), 200);
    })
    .openapi(summaryRoute, async (c) => c.json(await ledger.summary(), 200))
    .openapi(checkpointsRoute, async (c) =>
      c.json({ items: await ledger.checkpoints(c.req.valid('query').limit) }, 200),
    );
}
