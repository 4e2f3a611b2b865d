import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './report-figures.repository';

export const examples: QueryExamples<typeof repository> = {
  // An area of Kolkata over 30 days.
  reportFigures: (db) =>
    repository.reportFigures(db, {
      city: 'kolkata',
      area: 'park-street',
      from: new Date('2026-10-21T10:00:00.000Z'),
      to: new Date('2026-11-20T10:00:00.000Z'),
    }),
};
