// `npm run db:types`: migrates an empty embedded database and writes db/schema.ts from it;
// `npm run db:types -- --check` only says whether the file is current (exit 1 when not).
import { readFile, writeFile } from 'node:fs/promises';
import { migrateAuthSchema } from '../auth/auth';
import { openDatabase } from './client';
import { migrateToLatest } from './migrator';
import { generateSchema, SCHEMA_FILE } from './schema-generator';

const check = process.argv.includes('--check');

const handle = await openDatabase({ kind: 'pglite', inMemory: true });
try {
  await migrateToLatest(handle.db);
  await migrateAuthSchema(handle.db);
  const text = await generateSchema(handle.db);
  const current = await readFile(SCHEMA_FILE, 'utf8');
  if (text === current) process.stdout.write('db/schema.ts is current.\n');
  else if (check) {
    process.stderr.write('db/schema.ts is not what the migrations make: run npm run db:types.\n');
    process.exitCode = 1;
  } else {
    await writeFile(SCHEMA_FILE, text);
    process.stdout.write('db/schema.ts written from the migrated database.\n');
  }
} finally {
  await handle.close();
}
