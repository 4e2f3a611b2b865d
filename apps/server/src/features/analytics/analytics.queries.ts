import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './analytics.repository';

const from = new Date('2026-11-19T10:00:00.000Z');
const to = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  trendPairsBetween: (db) =>
    repository.trendPairsBetween(
      db,
      'kolkata',
      new Date('2026-11-19T09:45:00.000Z'),
      new Date('2026-11-19T10:00:00.000Z'),
    ),
  spanFigures: (db) =>
    repository.spanFigures(db, { city: 'kolkata', type: 'air_quality', from, to }),
  // The day's window: buckets of five minutes, from the minute rollups.
  cityBuckets: (db) =>
    repository.cityBuckets(db, {
      cities: ['kolkata', 'new-york'],
      type: 'air_quality',
      from,
      to,
      bucketS: 300,
    }),
  cityPeriodsQuery: (db) =>
    repository
      .cityPeriodsQuery({
        cities: ['kolkata', 'new-york'],
        type: 'air_quality',
        from: new Date('2026-10-21T10:00:00.000Z'),
        to,
        level: 'hourly',
      })
      .execute(db),
};
