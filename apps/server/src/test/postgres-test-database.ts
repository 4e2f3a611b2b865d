import { randomBytes } from 'node:crypto';
import { migrateAuthSchema } from '../auth/auth';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrator';
import { seedReferenceData } from '../db/seed';
import { withAdmin } from './databases';

/**
 * A fresh, migrated and seeded PostgreSQL database whose URL several pools (two server processes
 * and their live adapters) can share; `dispose` drops it.
 */
export async function createPostgresTestDatabase(adminUrl: string) {
  const name = `smartcity_live_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(handle.db);
    await migrateAuthSchema(handle.db);
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  return {
    url: url.toString(),
    dispose: () =>
      withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
