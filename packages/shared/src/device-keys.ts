import { z } from 'zod';
import { cityKeySchema } from './cities';

export const DEVICE_KEY_NAME_MAX_LENGTH = 100;

/** `POST /api/device-keys`: a name, and optionally the one city whose sensors the key may feed. */
export const deviceKeyCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(DEVICE_KEY_NAME_MAX_LENGTH, `must be at most ${DEVICE_KEY_NAME_MAX_LENGTH} characters`),
    city: cityKeySchema.optional(),
  })
  .strict()
  .meta({ id: 'DeviceKeyCreate' });

export type DeviceKeyCreate = z.infer<typeof deviceKeyCreateSchema>;

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

/** `GET /api/device-keys`: the keys in use. */
export const deviceKeyListSchema = z.array(deviceKeySchema);

/** The answer to creating a key: the only time the secret is shown. */
export const createdDeviceKeySchema = deviceKeySchema
  .extend({ key: z.string().meta({ example: 'sk_…' }) })
  .meta({ id: 'CreatedDeviceKey' });

export type CreatedDeviceKey = z.infer<typeof createdDeviceKeySchema>;
