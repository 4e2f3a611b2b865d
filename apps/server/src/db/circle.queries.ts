import { NO_SQL, type QueryExamples } from './query-snapshots';
import type * as repository from './circle.repository';

export const examples: QueryExamples<typeof repository> = {
  // A condition inside the home's and the air quality's statements (their .sql files show it).
  within: NO_SQL,
};
