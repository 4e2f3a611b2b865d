import * as repository from './kept-counts.repository';
import { NO_SQL, type QueryExamples } from './query-snapshots';

export const examples: QueryExamples<typeof repository> = {
  compactKeptCounts: (db) => repository.compactKeptCounts(db),
  // Starts a timer that runs compactKeptCounts.
  startKeptCountsJob: NO_SQL,
};
