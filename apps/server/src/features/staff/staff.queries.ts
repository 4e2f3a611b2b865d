import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './staff.repository';

export const examples: QueryExamples<typeof repository> = {
  listStaff: (db) => repository.listStaff(db),
  listPeople: (db) => repository.listPeople(db, ['citizen-example', 'operator-example']),
};
