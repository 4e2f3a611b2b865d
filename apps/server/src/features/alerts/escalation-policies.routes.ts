import { ESCALATION_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { EscalationPoliciesService } from './escalation-policies.service';

export function escalationPoliciesRoutes(policies: EscalationPoliciesService) {
  return createRouter()
    .openapi(routeOf(ESCALATION_ENDPOINTS.list), async (c) =>
      c.json(await policies.list(c.req.valid('query')), 200),
    )
    .openapi(routeOf(ESCALATION_ENDPOINTS.preview), async (c) =>
      c.json(await policies.preview(c.req.valid('json')), 200),
    )
    .openapi(routeOf(ESCALATION_ENDPOINTS.outlook), async (c) =>
      c.json(await policies.outlook(c.req.valid('param').id), 200),
    )
    .openapi(routeOf(ESCALATION_ENDPOINTS.create), async (c) =>
      c.json(await policies.create(c.req.valid('json'), c.get('user').id), 201),
    )
    .openapi(routeOf(ESCALATION_ENDPOINTS.update), async (c) =>
      c.json(await policies.update(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routeOf(ESCALATION_ENDPOINTS.remove), async (c) => {
      await policies.remove(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
