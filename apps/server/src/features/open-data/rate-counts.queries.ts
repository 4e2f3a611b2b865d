import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './rate-counts.repository';

const window = new Date('2026-11-20T10:07:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  addRateCounts: (db) =>
    repository.addRateCounts(
      db,
      window,
      ['address:203.0.113.7', 'key:open-data-key-example'],
      [12, 240],
    ),
  forgetRateCounts: (db) => repository.forgetRateCounts(db, new Date('2026-11-20T10:00:00.000Z')),
};
