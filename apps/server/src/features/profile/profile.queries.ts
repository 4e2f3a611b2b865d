import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './profile.repository';

// No account is seeded and this repository makes none: the reads find nothing, the updates no row.
const userId = 'user-example';

export const examples: QueryExamples<typeof repository> = {
  findProfile: (db) => repository.findProfile(db, userId),
  updateProfile: (db) =>
    repository.updateProfile(db, userId, {
      first_name: 'Asha',
      last_name: 'Sen',
      area: 'ballygunge',
    }),
  findPreferences: (db) => repository.findPreferences(db, userId),
  updatePreferences: (db) =>
    repository.updatePreferences(db, userId, {
      notifications: { emailAlerts: false },
      language: 'bn',
    }),
};
