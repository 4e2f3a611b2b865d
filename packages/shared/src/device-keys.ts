import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canManageDeviceKeys } from './policies';
import { cityKeySchema } from './cities';
import { OPEN_DATA_KEY_MAX_LIMIT } from './open-data-limits';

export const DEVICE_KEY_NAME_MAX_LENGTH = 100;

/**
 * What a key may do: `sensors` send readings (`POST /api/ingest/readings`), a `reporter` app makes
 * and reads citizens' reports through Open311 GeoReport v2 (`/open311/v2`, its `api_key`), an
 * `open-data` client reads the open data API (`/api/public/v1`, `/api/sta/v1.1`) within its own
 * rate limit.
 */
export const DEVICE_KEY_KINDS = ['sensors', 'reporter', 'open-data'] as const;
export const deviceKeyKindSchema = z.enum(DEVICE_KEY_KINDS).meta({ id: 'DeviceKeyKind' });
export type DeviceKeyKind = z.infer<typeof deviceKeyKindSchema>;

/**
 * `POST /api/device-keys`: a name, what the key is for (sensors by default), and optionally the one
 * city whose sensors it may feed or whose reports it may make.
 */
export const deviceKeyCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(DEVICE_KEY_NAME_MAX_LENGTH, `must be at most ${DEVICE_KEY_NAME_MAX_LENGTH} characters`),
    city: cityKeySchema.optional(),
    kind: deviceKeyKindSchema.default('sensors'),
    /** Requests a minute, for an open-data key only (OPEN_DATA_KEY_DEFAULT_LIMIT when left out). */
    rateLimit: z.number().int().min(1).max(OPEN_DATA_KEY_MAX_LIMIT).optional(),
  })
  .strict()
  .refine((key) => key.rateLimit === undefined || key.kind === 'open-data', {
    message: 'only an open-data key has a rate limit',
    path: ['rateLimit'],
  })
  .refine((key) => key.city === undefined || key.kind !== 'open-data', {
    message: 'an open-data key reads every city: leave the city out',
    path: ['city'],
  })
  .meta({ id: 'DeviceKeyCreate' });

export type DeviceKeyCreate = z.input<typeof deviceKeyCreateSchema>;

/** A device key without its secret. */
export const deviceKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: cityKeySchema.nullable(),
    kind: deviceKeyKindSchema,
    /** Requests a minute an open-data key may make; null for the other kinds. */
    rateLimit: z.number().int().positive().nullable().default(null),
    /** The first characters of the key, to recognise it. */
    prefix: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DeviceKey' });

export type DeviceKey = z.infer<typeof deviceKeySchema>;

/** `GET /api/device-keys`: the keys in use. */
export const deviceKeyListSchema = z.array(deviceKeySchema);

/** The answer to creating a key: the only time the secret is shown. */
export const createdDeviceKeySchema = deviceKeySchema
  .extend({ key: z.string().meta({ example: 'sk_…' }) })
  .meta({ id: 'CreatedDeviceKey' });

export type CreatedDeviceKey = z.infer<typeof createdDeviceKeySchema>;

const ADMINS_ONLY = 'Only admins manage device keys';

export const DEVICE_KEY_ENDPOINTS = {
  create: {
    method: 'post',
    path: '/api/device-keys',
    summary: 'Creates a device key for ingestion (admin); the key is shown once',
    tags: ['Device keys'],
    access: canManageDeviceKeys,
    body: deviceKeyCreateSchema,
    status: 201,
    response: createdDeviceKeySchema,
    description: 'The key, with its secret',
    errors: { 400: 'Invalid name or city', 403: ADMINS_ONLY },
  },
  list: {
    method: 'get',
    path: '/api/device-keys',
    summary: 'Device keys in use, without their secrets (admin)',
    tags: ['Device keys'],
    access: canManageDeviceKeys,
    status: 200,
    response: deviceKeyListSchema,
    description: 'The keys',
    errors: { 403: ADMINS_ONLY },
  },
  revoke: {
    method: 'delete',
    path: '/api/device-keys/{id}',
    summary: 'Revokes a device key (admin); readings sent with it are refused from then on',
    tags: ['Device keys'],
    access: canManageDeviceKeys,
    params: idParamsSchema,
    status: 204,
    description: 'Revoked',
    errors: { 403: ADMINS_ONLY, 404: 'No such active key' },
  },
} as const satisfies Record<string, Endpoint>;
