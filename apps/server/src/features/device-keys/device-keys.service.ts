import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  deviceKeyKindSchema,
  OPEN_DATA_KEY_DEFAULT_LIMIT,
  type CityKey,
  type CreatedDeviceKey,
  type DeviceKey,
  type DeviceKeyKind,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database, DeviceKeyRow } from '../../db/schema';
import {
  findActiveKeyByHash,
  insertDeviceKey,
  listActiveDeviceKeys,
  revokeDeviceKey,
} from './device-keys.repository';
import { NotFound } from '../../lib/domain-errors';

/** Every device key starts with this, so it is told apart from a JWT at a glance. */
export const DEVICE_KEY_PREFIX = 'sk_';

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function present(row: DeviceKeyRow): DeviceKey {
  return {
    id: row.id,
    name: row.name,
    city: (row.city_key as CityKey | null) ?? null,
    kind: deviceKeyKindSchema.parse(row.kind),
    rateLimit: row.rate_limit,
    prefix: row.key_prefix,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Who calls with a device key: a sensor gateway, a reporter app or an open-data client. */
export type DeviceCaller = {
  keyId: string;
  name: string;
  city: CityKey | null;
  kind: DeviceKeyKind;
  /** Requests a minute, for an open-data key; null for the other kinds. */
  rateLimit: number | null;
};

export type DeviceKeysService = ReturnType<typeof createDeviceKeysService>;

export function createDeviceKeysService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db } = deps;
  return {
    /** Makes a key; the secret is returned this once and only its hash is kept. */
    async create(
      input: { name: string; city?: CityKey; kind: DeviceKeyKind; rateLimit?: number },
      createdBy: string,
    ): Promise<CreatedDeviceKey> {
      const key = DEVICE_KEY_PREFIX + randomBytes(24).toString('base64url');
      const row = await insertDeviceKey(db, {
        id: randomUUID(),
        name: input.name,
        city_key: input.city ?? null,
        kind: input.kind,
        rate_limit:
          input.kind === 'open-data' ? (input.rateLimit ?? OPEN_DATA_KEY_DEFAULT_LIMIT) : null,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, 7),
        created_by: createdBy,
        created_at: deps.now(),
      });
      return { ...present(row), key };
    },

    async list(): Promise<DeviceKey[]> {
      return (await listActiveDeviceKeys(db)).map(present);
    },

    async revoke(id: string): Promise<void> {
      if (!(await revokeDeviceKey(db, id, deps.now())))
        throw new NotFound(`No active device key with id "${id}"`);
    },

    /** The device behind a key, or null for an unknown or revoked one. */
    async verify(key: string): Promise<DeviceCaller | null> {
      const hash = hashKey(key);
      const row = await findActiveKeyByHash(db, hash);
      if (!row) return null;
      // The lookup is by hash already; the constant-time compare keeps the final check timing-neutral.
      const a = Buffer.from(row.key_hash, 'hex');
      const b = Buffer.from(hash, 'hex');
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      return {
        keyId: row.id,
        name: row.name,
        city: (row.city_key as CityKey | null) ?? null,
        kind: deviceKeyKindSchema.parse(row.kind),
        rateLimit: row.rate_limit,
      };
    },
  };
}
