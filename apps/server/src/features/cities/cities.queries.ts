import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './cities.repository';

export const examples: QueryExamples<typeof repository> = {
  listCities: (db) => repository.listCities(db),
};
