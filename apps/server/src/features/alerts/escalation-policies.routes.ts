import { createRoute, z } from '@hono/zod-openapi';
import {
  alertEscalationOutlookSchema,
  canHandleAlerts,
  canManageEscalationPolicies,
  escalationPolicyCreateSchema,
  escalationPolicyListQuerySchema,
  escalationPolicyListSchema,
  escalationPolicySchema,
  escalationPolicyUpdateSchema,
  escalationPreviewSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { EscalationPoliciesService } from './escalation-policies.service';

const adminOnly = requirePolicy(canManageEscalationPolicies);
const policyParams = z.object({ id: z.string().min(1).max(100) });
const json = <T>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const refusals = {
  401: errorContent('Not signed in'),
  403: errorContent('Only admins keep escalation policies'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/escalation-policies',
  tags: ['Escalation'],
  summary: 'Escalation policies, oldest first, of one city or all (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { query: escalationPolicyListQuerySchema },
  responses: {
    200: jsonContent('A page of policies', escalationPolicyListSchema),
    400: errorContent('A filter or the cursor is invalid'),
    ...refusals,
  },
});

const createPolicyRoute = createRoute({
  method: 'post',
  path: '/escalation-policies',
  tags: ['Escalation'],
  summary:
    'Adds the steps for alerts of one severity in a city, for a sensor type or as the default (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { body: json(escalationPolicyCreateSchema) },
  responses: {
    201: jsonContent('The policy', escalationPolicySchema),
    400: errorContent('A field or step is invalid'),
    ...refusals,
    409: errorContent('The city already has a policy for this sensor type and severity'),
  },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/escalation-policies/preview',
  tags: ['Escalation'],
  summary: "What a draft policy would do to the city's alerts of today (admin); stores nothing",
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { body: json(escalationPolicyCreateSchema) },
  responses: {
    200: jsonContent("Today's alerts the policy applies to, step by step", escalationPreviewSchema),
    400: errorContent('A field or step is invalid'),
    ...refusals,
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/escalation-policies/{id}',
  tags: ['Escalation'],
  summary: 'Changes a policy; steps, when given, replace all of its steps (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { params: policyParams, body: json(escalationPolicyUpdateSchema) },
  responses: {
    200: jsonContent('The policy', escalationPolicySchema),
    400: errorContent('A field or step is invalid'),
    ...refusals,
    404: errorContent('No such policy'),
    409: errorContent('Another policy already covers the new scope'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/escalation-policies/{id}',
  tags: ['Escalation'],
  summary: 'Removes a policy; steps that already fired stay in the alerts’ histories (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: adminOnly,
  request: { params: policyParams },
  responses: {
    204: { description: 'Removed' },
    ...refusals,
    404: errorContent('No such policy'),
  },
});

const outlookRoute = createRoute({
  method: 'get',
  path: '/alerts/{id}/escalation',
  tags: ['Escalation'],
  summary: 'The escalation step that fires next for an alert, and when (operator, admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  request: { params: policyParams },
  responses: {
    200: jsonContent('The next step, or why none comes', alertEscalationOutlookSchema),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins follow escalation'),
    404: errorContent('No such alert'),
  },
});

export function escalationPoliciesRoutes(policies: EscalationPoliciesService) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await policies.list(c.req.valid('query')), 200))
    .openapi(previewRoute, async (c) => c.json(await policies.preview(c.req.valid('json')), 200))
    .openapi(outlookRoute, async (c) =>
      c.json(await policies.outlook(c.req.valid('param').id), 200),
    )
    .openapi(createPolicyRoute, async (c) =>
      c.json(await policies.create(c.req.valid('json'), c.get('user').id), 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json(await policies.update(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await policies.remove(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
