import type { QueryExamples } from './query-snapshots';
import * as repository from './starter-content.repository';

const at = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  claimStarterContent: (db) => repository.claimStarterContent(db, 'notices', at),
  releaseStarterContent: (db) => repository.releaseStarterContent(db, 'notices'),
  findAccountByEmail: (db) => repository.findAccountByEmail(db, 'admin@smartcity.local'),
};
