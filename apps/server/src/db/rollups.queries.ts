import { NO_SQL, type QueryExamples } from './query-snapshots';
import * as repository from './rollups.repository';

export const examples: QueryExamples<typeof repository> = {
  // Parts of the statements that write minutes and readings (readings.repository.sql, simulator.repository.sql).
  addToBuiltPeriods: NO_SQL,
  addToPollutantHours: NO_SQL,
  buildEndedPeriods: (db) =>
    db
      .transaction()
      .execute((trx) => repository.buildEndedPeriods(trx, new Date('2026-11-20T10:07:00.000Z'))),
};
