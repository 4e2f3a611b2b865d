import type { QueryExamples } from '../db/query-snapshots';
import * as repository from './account.repository';

export const examples: QueryExamples<typeof repository> = {
  findAccountById: (db) => repository.findAccountById(db, 'account-example'),
  isDemoAccountId: (db) => repository.isDemoAccountId(db, 'account-example'),
  isDemoAccountEmail: (db) => repository.isDemoAccountEmail(db, 'operator@smartcity.local'),
  findEmailByUsername: (db) => repository.findEmailByUsername(db, 'operator'),
  deleteDemoSessions: (db) => repository.deleteDemoSessions(db),
};
