import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './device-keys.repository';

const key = {
  id: 'device-key-example',
  name: 'Gariahat air station',
  city_key: 'kolkata',
  kind: 'sensors',
  rate_limit: null,
  key_hash: 'f'.repeat(64),
  key_prefix: 'sck_3f9a',
  created_by: 'user-example',
  created_at: new Date('2026-11-20T10:00:00.000Z'),
};

export const examples: QueryExamples<typeof repository> = {
  insertDeviceKey: (db) => repository.insertDeviceKey(db, key),
  listActiveDeviceKeys: (db) => repository.listActiveDeviceKeys(db),
  findActiveKeyByHash: (db) => repository.findActiveKeyByHash(db, key.key_hash),
  revokeDeviceKey: (db) =>
    repository.revokeDeviceKey(db, key.id, new Date('2026-11-21T10:00:00.000Z')),
};
