import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../test/databases';
import { generateSchema, SCHEMA_FILE } from './schema-generator';

describe.each(testDatabases())('db/schema.ts on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(() => database?.dispose());

  it('is what the migrations make: run `npm run db:types` after a migration', async () => {
    const written = await readFile(SCHEMA_FILE, 'utf8');
    expect(await generateSchema(database.db)).toBe(written);
  });

  it('carries the notes the migrations left on tables and columns', async () => {
    const text = await generateSchema(database.db);
    expect(text).toContain(
      '/** An in-app notification of one person. */\nexport interface NotificationsTable {',
    );
    expect(text).toMatch(/\/\*\* When a reading last arrived[^*]*\*\/\n {2}last_heard:/);
  });
});
