import type { QueryExamples } from '../db/query-snapshots';
import * as repository from './server-secret.repository';

export const examples: QueryExamples<typeof repository> = {
  getOrCreateServerSecret: (db) =>
    repository.getOrCreateServerSecret(db, 'auth-secret', 'a-candidate-secret'),
};
