import { createRoute } from '@hono/zod-openapi';
import {
  canGiveContractFeedback,
  canManageContracts,
  contractFeedbackListSchema,
  contractFeedbackSchema,
  contractIdParamsSchema,
  contractListSchema,
  contractSchema,
  createContractSchema,
  createFeedbackSchema,
  updateContractSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { ContractsService } from './contracts.service';

const listRoute = createRoute({
  method: 'get',
  path: '/contracts',
  tags: ['Ledger'],
  summary: 'Every civic contract with its versions, most recently changed first (public)',
  responses: { 200: jsonContent('The contracts', contractListSchema) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/contracts/{id}',
  tags: ['Ledger'],
  summary: 'One civic contract with its versions (public)',
  request: { params: contractIdParamsSchema },
  responses: {
    200: jsonContent('The contract', contractSchema),
    404: errorContent('No such contract'),
  },
});

const createContractRoute = createRoute({
  method: 'post',
  path: '/contracts',
  tags: ['Ledger'],
  summary: 'Publishes a civic contract as version 1, recorded in the ledger (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canManageContracts),
  request: {
    body: { required: true, content: { 'application/json': { schema: createContractSchema } } },
  },
  responses: {
    201: jsonContent('The contract', contractSchema),
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins publish contracts'),
  },
});

const updateContractRoute = createRoute({
  method: 'patch',
  path: '/contracts/{id}',
  tags: ['Ledger'],
  summary: 'Changes a contract; any change is a new version, recorded in the ledger (admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canManageContracts),
  request: {
    params: contractIdParamsSchema,
    body: { required: true, content: { 'application/json': { schema: updateContractSchema } } },
  },
  responses: {
    200: jsonContent('The contract', contractSchema),
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins change contracts'),
    404: errorContent('No such contract'),
    409: errorContent('The contract is completed or cancelled'),
  },
});

const listFeedbackRoute = createRoute({
  method: 'get',
  path: '/contracts/{id}/feedback',
  tags: ['Ledger'],
  summary: 'Citizens’ feedback on a contract, newest first, by pseudonym (public)',
  request: { params: contractIdParamsSchema },
  responses: {
    200: jsonContent('The feedback', contractFeedbackListSchema),
    404: errorContent('No such contract'),
  },
});

const addFeedbackRoute = createRoute({
  method: 'post',
  path: '/contracts/{id}/feedback',
  tags: ['Ledger'],
  summary: 'A citizen’s feedback (1–500 characters, once per contract), recorded in the ledger',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canGiveContractFeedback),
  request: {
    params: contractIdParamsSchema,
    body: { required: true, content: { 'application/json': { schema: createFeedbackSchema } } },
  },
  responses: {
    201: jsonContent('The feedback', contractFeedbackSchema),
    400: errorContent('The feedback is empty or over 500 characters'),
    401: errorContent('Not signed in'),
    403: errorContent('Only citizens give feedback'),
    404: errorContent('No such contract'),
    409: errorContent('Feedback given already, or the contract is completed or cancelled'),
  },
});

export function contractsRoutes(contracts: ContractsService) {
  return createRouter()
    .openapi(listRoute, async (c) => c.json(await contracts.list(), 200))
    .openapi(getRoute, async (c) => c.json(await contracts.get(c.req.valid('param').id), 200))
    .openapi(createContractRoute, async (c) =>
      c.json(await contracts.create(c.req.valid('json'), c.get('user')), 201),
    )
    .openapi(updateContractRoute, async (c) =>
      c.json(
        await contracts.update(c.req.valid('param').id, c.req.valid('json'), c.get('user')),
        200,
      ),
    )
    .openapi(listFeedbackRoute, async (c) =>
      c.json(await contracts.feedback(c.req.valid('param').id), 200),
    )
    .openapi(addFeedbackRoute, async (c) =>
      c.json(
        await contracts.addFeedback(c.req.valid('param').id, c.req.valid('json'), c.get('user').id),
        201,
      ),
    );
}
