import type { QueryExamples } from '../db/query-snapshots';
import * as repository from './sign-in-throttle.repository';

const at = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  insertSignInFailure: (db) =>
    repository.insertSignInFailure(db, { accountKey: 'operator', ip: '203.0.113.7', at }),
  recentFailureTimes: (db) =>
    repository.recentFailureTimes(
      db,
      { column: 'account_key', value: 'operator' },
      new Date('2026-11-20T09:45:00.000Z'),
      5,
    ),
  deleteAccountFailures: (db) => repository.deleteAccountFailures(db, 'operator'),
  deleteFailuresBefore: (db) => repository.deleteFailuresBefore(db, at),
};
