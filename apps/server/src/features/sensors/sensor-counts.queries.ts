import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './sensor-counts.repository';

export const examples: QueryExamples<typeof repository> = {
  countSensorsByTypeAndStatus: (db) =>
    repository.countSensorsByTypeAndStatus(db, { city: 'kolkata' }),
  countSensorsByCity: (db) => repository.countSensorsByCity(db, ['kolkata', 'kharagpur']),
  countOneSensor: (db) => repository.countOneSensor(db),
  figuresByType: (db) =>
    repository.figuresByType(db, 'kolkata', ['pm25', 'no2', 'ph', 'turbidity']),
  countMonitoredOfType: (db) =>
    repository.countMonitoredOfType(db, 'energy', ['kolkata', 'kharagpur', 'new-york']),
};
