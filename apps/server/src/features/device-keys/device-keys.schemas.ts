import { z } from '@hono/zod-openapi';
import { cityKeySchema } from '@smart-city/shared';

/** `POST /api/device-keys`: a name, and optionally the one city whose sensors the key may feed. */
export const deviceKeyCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    city: cityKeySchema.optional(),
  })
  .strict()
  .meta({ id: 'DeviceKeyCreate' });

/** A device key without its secret. */
export const deviceKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: cityKeySchema.nullable(),
    /** The first characters of the key, to recognise it. */
    prefix: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DeviceKey' });

export type DeviceKey = z.infer<typeof deviceKeySchema>;

/** The answer to creating a key: the only time the secret is shown. */
export const createdDeviceKeySchema = deviceKeySchema
  .extend({ key: z.string().meta({ example: 'sk_…' }) })
  .meta({ id: 'CreatedDeviceKey' });

export type CreatedDeviceKey = z.infer<typeof createdDeviceKeySchema>;
