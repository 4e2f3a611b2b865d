import { CONTRACT_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { ContractsService } from './contracts.service';

export function contractsRoutes(contracts: ContractsService) {
  return createRouter()
    .openapi(routeOf(CONTRACT_ENDPOINTS.list), async (c) => c.json(await contracts.list(), 200))
    .openapi(routeOf(CONTRACT_ENDPOINTS.get), async (c) =>
      c.json(await contracts.get(c.req.valid('param').id), 200),
    )
    .openapi(routeOf(CONTRACT_ENDPOINTS.create), async (c) =>
      c.json(await contracts.create(c.req.valid('json'), c.get('user')), 201),
    )
    .openapi(routeOf(CONTRACT_ENDPOINTS.update), async (c) =>
      c.json(
        await contracts.update(c.req.valid('param').id, c.req.valid('json'), c.get('user')),
        200,
      ),
    )
    .openapi(routeOf(CONTRACT_ENDPOINTS.feedback), async (c) =>
      c.json(await contracts.feedback(c.req.valid('param').id), 200),
    )
    .openapi(routeOf(CONTRACT_ENDPOINTS.addFeedback), async (c) =>
      c.json(
        await contracts.addFeedback(c.req.valid('param').id, c.req.valid('json'), c.get('user').id),
        201,
      ),
    );
}
