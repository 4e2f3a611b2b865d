// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { migrateAuthSchema } from '../auth/auth';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateToLatest } from './migrator';

try {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const applied = [
      ...(await migrateToLatest(handle.db)),
      ...(await migrateAuthSchema(handle.db)),
    ];
    process.stdout.write(
      applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n',
    );
  } finally {
    await handle.close();
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
