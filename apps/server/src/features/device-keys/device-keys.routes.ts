import { createRoute, z } from '@hono/zod-openapi';
import {
  canManageDeviceKeys,
  createdDeviceKeySchema,
  deviceKeyCreateSchema,
  deviceKeyListSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { DeviceKeysService } from './device-keys.service';

const adminOnly = {
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canManageDeviceKeys),
  tags: ['Device keys'],
};

const createKeyRoute = createRoute({
  ...adminOnly,
  method: 'post',
  path: '/device-keys',
  summary: 'Creates a device key for ingestion (admin); the key is shown once',
  request: {
    body: { required: true, content: { 'application/json': { schema: deviceKeyCreateSchema } } },
  },
  responses: {
    201: {
      description: 'The key, with its secret',
      content: { 'application/json': { schema: createdDeviceKeySchema } },
    },
    400: errorContent('Invalid name or city'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins manage device keys'),
  },
});

const listKeysRoute = createRoute({
  ...adminOnly,
  method: 'get',
  path: '/device-keys',
  summary: 'Device keys in use, without their secrets (admin)',
  responses: {
    200: {
      description: 'The keys',
      content: { 'application/json': { schema: deviceKeyListSchema } },
    },
    401: errorContent('Not signed in'),
    403: errorContent('Only admins manage device keys'),
  },
});

const revokeKeyRoute = createRoute({
  ...adminOnly,
  method: 'delete',
  path: '/device-keys/{id}',
  summary: 'Revokes a device key (admin); readings sent with it are refused from then on',
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    204: { description: 'Revoked' },
    401: errorContent('Not signed in'),
    403: errorContent('Only admins manage device keys'),
    404: errorContent('No such active key'),
  },
});

export function deviceKeysRoutes(keys: DeviceKeysService) {
  return createRouter()
    .openapi(createKeyRoute, async (c) =>
      c.json(await keys.create(c.req.valid('json'), c.get('user').email), 201),
    )
    .openapi(listKeysRoute, async (c) => c.json(await keys.list(), 200))
    .openapi(revokeKeyRoute, async (c) => {
      await keys.revoke(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
