import type { Logger } from 'pino';
import { migrateAuthSchema } from './auth/auth';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle, type QueryObserver } from './db/client';
import { migrateToLatest } from './db/migrator';
import { seedReferenceData } from './db/seed';
import { moveReadingsIntoPartitions } from './features/readings/partition-move';

/** Opens the configured database, brings its schema up to date and seeds the reference data. */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  observeQuery?: QueryObserver,
): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          onConnectionLost: (err) => logger.warn({ err }, 'database: a connection was lost'),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
    observeQuery,
  );
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
    await moveReadingsIntoPartitions(handle.db, logger);
    const authTables = await migrateAuthSchema(handle.db);
    if (authTables.length > 0) logger.info({ tables: authTables }, 'account tables migrated');
    const seeded = await seedReferenceData(handle.db);
    if (seeded.cities + seeded.sensors > 0) logger.info(seeded, 'reference data seeded');
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
