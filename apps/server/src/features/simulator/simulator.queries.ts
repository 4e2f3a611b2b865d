import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './simulator.repository';

const minutes = [Date.parse('2026-11-20T10:00:00.000Z'), Date.parse('2026-11-20T10:01:00.000Z')];

const airQuality: repository.SensorHistory = {
  sensorId: 'kolkata-air-quality-gariahat',
  times: minutes,
  mins: [138, 135],
  maxes: [146, 141],
  sums: [568, 552],
  counts: [4, 4],
};

const waste: repository.SensorHistory = {
  sensorId: 'kolkata-waste-park-street',
  times: minutes,
  mins: [63, 63],
  maxes: [63, 64],
  sums: [63, 64],
  counts: [1, 1],
};

// In the order the simulator calls them: the database is claimed before more history is written.
export const examples: QueryExamples<typeof repository> = {
  hasAnyReadings: (db) => repository.hasAnyReadings(db),
  claimForHistory: (db) => repository.claimForHistory(db, airQuality),
  insertHistoryRollups: (db) => repository.insertHistoryRollups(db, waste),
  insertHistoryReadings: (db) =>
    repository.insertHistoryReadings(db, {
      sensorId: 'kolkata-air-quality-gariahat',
      unit: 'AQI',
      times: minutes,
      values: [142, 138],
      metadata: [JSON.stringify({ pm25: 61, no2: 38 }), null],
    }),
};
