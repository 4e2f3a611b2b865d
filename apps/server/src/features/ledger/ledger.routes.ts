import { LEDGER_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { LedgerService } from './ledger.service';

export function ledgerRoutes(ledger: LedgerService) {
  return createRouter()
    .openapi(routeOf(LEDGER_ENDPOINTS.publicKey), (c) => c.json(ledger.publicKey(), 200))
    .openapi(routeOf(LEDGER_ENDPOINTS.entries), async (c) =>
      c.json(await ledger.list(c.req.valid('query')), 200),
    )
    .openapi(routeOf(LEDGER_ENDPOINTS.entry), async (c) =>
      c.json(await ledger.entry(c.req.valid('param').seq), 200),
    )
    .openapi(routeOf(LEDGER_ENDPOINTS.proof), async (c) =>
      c.json(
        await ledger.inclusionProof(c.req.valid('param').seq, c.req.valid('query').treeSize),
        200,
      ),
    )
    .openapi(routeOf(LEDGER_ENDPOINTS.consistency), async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await ledger.consistencyProof(from, to), 200);
    })
    .openapi(routeOf(LEDGER_ENDPOINTS.summary), async (c) => c.json(await ledger.summary(), 200))
    .openapi(routeOf(LEDGER_ENDPOINTS.checkpoints), async (c) =>
      c.json({ items: await ledger.checkpoints(c.req.valid('query').limit) }, 200),
    );
}
