import * as repository from './catalog.repository';
import type { QueryExamples } from './query-snapshots';

export const examples: QueryExamples<typeof repository> = {
  catalogColumns: (db) => repository.catalogColumns(db),
};
