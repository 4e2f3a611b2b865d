import { createRoute } from '@hono/zod-openapi';
import {
  ERROR_CODES,
  ingestRequestSchema,
  ingestResponseSchema,
  type IngestRequest,
  MAX_INGEST_BATCH,
  NOT_AUTHENTICATED_MESSAGE,
  type Role,
} from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCurrentUser, type AuthVariables } from '../../auth/request-auth';
import { errorContent, errorResponse, HttpError } from '../../http/errors';
import { createRouter } from '../../http/router';
import { validationHook } from '../../http/validation';
import type { DeviceCaller, DeviceKeysService } from '../device-keys/device-keys.service';
import { DEVICE_KEY_PREFIX } from '../device-keys/device-keys.service';
import type { IngestService } from './ingest.service';

/** A full batch of 5,000 readings with metadata stays well under this. */
export const MAX_INGEST_BODY_BYTES = 4 * 1024 * 1024;

const INGEST_ROLES: Role[] = ['operator', 'admin'];

type IngestEnv = { Variables: AuthVariables & { device: DeviceCaller | null } };

/**
 * Lets in a device key (`Bearer sk_…`) or an operator/admin session or JWT. Device keys are checked
 * first: the JWT path would refuse them as malformed tokens.
 */
function ingestCaller(keys: DeviceKeysService): MiddlewareHandler<IngestEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (match?.[1]?.startsWith(DEVICE_KEY_PREFIX)) {
      const device = await keys.verify(match[1]);
      if (!device)
        throw new HttpError(401, ERROR_CODES.unauthorized, 'Unknown or revoked device key');
      c.set('device', device);
      return next();
    }
    const user = await getCurrentUser(c);
    if (!user) throw new HttpError(401, ERROR_CODES.unauthorized, NOT_AUTHENTICATED_MESSAGE);
    if (!INGEST_ROLES.includes(user.role))
      throw new HttpError(
        403,
        ERROR_CODES.forbidden,
        'Sending readings requires a device key or the operator or admin role',
      );
    c.set('device', null);
    await next();
  };
}

const limitBody = bodyLimit({
  maxSize: MAX_INGEST_BODY_BYTES,
  onError: (c) =>
    errorResponse(
      c,
      413,
      ERROR_CODES.tooLarge,
      `The request body is over ${MAX_INGEST_BODY_BYTES / 1024 / 1024} MB; send smaller batches`,
    ),
});

/** Whether validation failed because the batch holds more readings than allowed. */
function isOversizeBatch(issues: readonly { code: string; path: readonly PropertyKey[] }[]) {
  return issues.some(
    (i) => i.code === 'too_big' && i.path.length === 1 && i.path[0] === 'readings',
  );
}

/** Too many readings is 413 with advice; every other problem is the usual 400. */
const ingestHook: typeof validationHook = (result, c) => {
  if (!result.success && isOversizeBatch(result.error.issues))
    return errorResponse(
      c,
      413,
      ERROR_CODES.tooLarge,
      `A request may carry at most ${MAX_INGEST_BATCH.toLocaleString('en')} readings; split the batch`,
    );
  return validationHook(result, c);
};

const ingestRoute = createRoute({
  method: 'post',
  path: '/ingest/readings',
  tags: ['Sensors'],
  summary: 'Stores 1–5,000 readings, all or nothing (device key, operator or admin)',
  security: [{ deviceKey: [] }, { sessionCookie: [] }, { bearerToken: [] }],
  request: {
    body: { required: true, content: { 'application/json': { schema: ingestRequestSchema } } },
  },
  responses: {
    202: {
      description: 'Stored',
      content: { 'application/json': { schema: ingestResponseSchema } },
    },
    400: errorContent('Invalid readings; details lists each failing index, nothing was stored'),
    401: errorContent('No valid device key, session or token'),
    403: errorContent('Citizens cannot send readings'),
    413: errorContent('More than 5,000 readings, or a body over 4 MB'),
  },
});

export function ingestRoutes(ingest: IngestService, keys: DeviceKeysService) {
  const router = createRouter();
  router.use('/ingest/readings', ingestCaller(keys), limitBody);
  router.openAPIRegistry.registerComponent('securitySchemes', 'deviceKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_…',
    description: 'A device key from POST /api/device-keys.',
  });
  return router.openapi(
    ingestRoute,
    async (c) => {
      const device = (c as unknown as Context<IngestEnv>).get('device');
      // The route's validator has parsed the body already; its inferred type does not survive the hook.
      const { readings } = c.req.valid('json' as never) as IngestRequest;
      return c.json(await ingest.ingest(readings, { city: device?.city ?? null }), 202);
    },
    ingestHook as never,
  );
}
