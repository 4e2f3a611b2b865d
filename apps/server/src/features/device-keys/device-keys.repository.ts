import type { Kysely } from 'kysely';
import type { Database, DeviceKeyRow } from '../../db/schema';

/** Stores a new key by its hash. */
export function insertDeviceKey(
  db: Kysely<Database>,
  key: {
    id: string;
    name: string;
    city_key: string | null;
    kind: string;
    rate_limit: number | null;
    key_hash: string;
    key_prefix: string;
    created_by: string;
    created_at: Date;
  },
): Promise<DeviceKeyRow> {
  return db.insertInto('device_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

/** Keys not yet revoked, newest first. */
export function listActiveDeviceKeys(db: Kysely<Database>): Promise<DeviceKeyRow[]> {
  return db
    .selectFrom('device_keys')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The unrevoked key with this hash, if any. */
export function findActiveKeyByHash(
  db: Kysely<Database>,
  keyHash: string,
): Promise<DeviceKeyRow | undefined> {
  return db
    .selectFrom('device_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Marks a key revoked; false when there is no such unrevoked key. */
export async function revokeDeviceKey(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('device_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
