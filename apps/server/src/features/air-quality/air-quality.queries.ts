import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './air-quality.repository';

const until = new Date('2026-11-20T12:00:00.000Z');
const dayBefore = new Date('2026-11-19T12:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  pollutantHours: async (db) => {
    await repository.pollutantHours(db, 'kolkata', null, dayBefore, until);
    // Park Street's area.
    return repository.pollutantHours(
      db,
      'kolkata',
      { lat: 22.5526, lng: 88.3525, radiusKm: 1.5 },
      dayBefore,
      until,
    );
  },
  deleteOldPollutantHours: (db) =>
    repository.deleteOldPollutantHours(db, new Date('2026-11-17T12:00:00.000Z')),
};
