import type { QueryExamples } from '../db/query-snapshots';
import * as repository from './account-profile.repository';

const userId = 'account-example';

export const examples: QueryExamples<typeof repository> = {
  insertProfile: (db) =>
    repository.insertProfile(db, {
      id: userId,
      firstName: 'Asha',
      lastName: 'Sen',
      department: null,
      role: 'citizen',
    }),
  syncProfileAccess: (db) =>
    repository.syncProfileAccess(db, userId, { role: 'operator', isActive: true }),
  recordLastLogin: (db) =>
    repository.recordLastLogin(db, userId, new Date('2026-11-20T10:00:00.000Z')),
  deleteProfile: (db) => repository.deleteProfile(db, userId),
  findAccountLanguage: (db) => repository.findAccountLanguage(db, userId),
};
