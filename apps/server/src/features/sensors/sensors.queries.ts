import { NO_SQL, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './sensors.repository';

const airQuality = 'kolkata-air-quality-gariahat';
const now = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  filtered: NO_SQL,
  listSensors: (db) =>
    repository.listSensors(
      db,
      { city: 'kolkata', type: 'air_quality' },
      {
        sort: 'name',
        limit: 50,
        from: { sort: 'name', after: ['Ballygunge Air Quality', 'kolkata-air-quality-ballygunge'] },
      },
    ),
  countSensors: (db) => repository.countSensors(db, { city: 'kolkata', q: 'park street' }),
  findSensor: (db) => repository.findSensor(db, airQuality),
  updateSensor: (db) => repository.updateSensor(db, airQuality, { status: 'active' }, now),
  insertSensors: (db) =>
    repository.insertSensors(db, [
      {
        id: 'kolkata-air-quality-lake-town',
        name: 'Lake Town Air Quality',
        type: 'air_quality',
        city: 'kolkata',
        location: 'Lake Town',
        lat: 22.6045,
        lng: 88.4035,
        unit: 'AQI',
        metadata: { metric: 'aqi', scale: 'US EPA', landUse: 'residential' },
      },
    ]),
};
