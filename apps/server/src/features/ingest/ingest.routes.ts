import {
  canSendReadings,
  ERROR_CODES,
  type IngestRequest,
  MAX_INGEST_BATCH,
  NOT_AUTHENTICATED_MESSAGE,
  READING_ENDPOINTS,
} from '@smart-city/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { getCurrentUser, type AuthVariables } from '../../auth/request-auth';
import { routeOf } from '../../http/endpoint-route';
import { errorResponse, HttpError } from '../../http/errors';
import { createRouter } from '../../http/router';
import { validationHook } from '../../http/validation';
import type { DeviceCaller, DeviceKeysService } from '../device-keys/device-keys.service';
import { DEVICE_KEY_PREFIX } from '../device-keys/device-keys.service';
import { IngestBusy } from './ingest-admission';
import type { IngestService } from './ingest.service';

/** A full batch of 5,000 readings with metadata stays well under this. */
export const MAX_INGEST_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Refuses a batch with 429 and Retry-After while ingest is at its bound, before its body is read:
 * parsing what is refused would take the time the batches in flight need.
 */
export function ingestGate(ingest: Pick<IngestService, 'isSaturated'>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' && ingest.isSaturated()) throw new IngestBusy();
    await next();
  };
}

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
      if (device.kind !== 'sensors')
        throw new HttpError(
          403,
          ERROR_CODES.forbidden,
          'This key is for a reporter app (Open311), not for sending readings',
        );
      c.set('device', device);
      return next();
    }
    const user = await getCurrentUser(c);
    if (!user) throw new HttpError(401, ERROR_CODES.unauthorized, NOT_AUTHENTICATED_MESSAGE);
    if (!canSendReadings(user.role))
      throw new HttpError(
        403,
        ERROR_CODES.forbidden,
        'Sending readings requires a device key or the operator or admin role',
      );
    c.set('device', null);
    await next();
  };
}

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

export function ingestRoutes(ingest: IngestService, keys: DeviceKeysService) {
  const route = routeOf(READING_ENDPOINTS.ingest);
  const router = createRouter();
  router.use(route.path, ingestCaller(keys));
  router.openAPIRegistry.registerComponent('securitySchemes', 'deviceKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_…',
    description: 'A device key from POST /api/device-keys.',
  });
  return router.openapi(
    route,
    async (c) => {
      const device = (c as unknown as Context<IngestEnv>).get('device');
      // The route's validator has parsed the body already; its inferred type does not survive the hook.
      const { readings } = c.req.valid('json' as never) as IngestRequest;
      const stored = await ingest.ingest(readings, { city: device?.city ?? null, channel: 'http' });
      return c.json(stored, 202);
    },
    ingestHook as never,
  );
}
