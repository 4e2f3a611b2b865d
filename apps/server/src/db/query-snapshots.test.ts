import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  examplesFiles,
  recordQuerySnapshots,
  repositoryFiles,
  snapshotFileOf,
} from './query-snapshots';

describe('the SQL snapshots beside the repositories', () => {
  it('cover every repository: each has its *.queries.ts', async () => {
    const examples = new Set(
      (await examplesFiles()).map((f) => f.replace(/\.queries\.ts$/, '.repository.ts')),
    );
    expect((await repositoryFiles()).filter((f) => !examples.has(f))).toEqual([]);
  });

  it('are what the repositories send: run `npm run db:sql` after changing a query', async () => {
    for (const [file, text] of await recordQuerySnapshots()) {
      const written = await readFile(snapshotFileOf(file), 'utf8').catch(() => '(missing)');
      expect(written, `${file}: its .repository.sql is not current`).toBe(text);
    }
  }, 300_000);
});
