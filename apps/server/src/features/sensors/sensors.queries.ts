import {
  ACTIVE_ALERT_STATUSES,
  SENSOR_STATUS_RANK,
  SEVERITY_RANK,
  type BoundingBox,
} from '@smart-city/shared';
import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './sensors.repository';

const airQuality = 'kolkata-air-quality-gariahat';
const waste = 'kolkata-waste-park-street';
const now = new Date('2026-11-20T10:00:00.000Z');
const kolkata: BoundingBox = { west: 88.2, south: 22.45, east: 88.5, north: 22.75 };
// Cells of 44 pixels at zoom 12.
const cellRad = ((2 * Math.PI) / (512 * 2 ** 12)) * 44;

export const examples: QueryExamples<typeof repository> = {
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
  countSensorsByTypeAndStatus: (db) =>
    repository.countSensorsByTypeAndStatus(db, { city: 'kolkata' }),
  clusterSensors: (db) =>
    repository.clusterSensors(db, { bbox: kolkata }, cellRad, SENSOR_STATUS_RANK),
  worstAlertCells: (db) =>
    repository.worstAlertCells(
      db,
      { city: 'kolkata', bbox: kolkata },
      cellRad,
      SEVERITY_RANK,
      ACTIVE_ALERT_STATUSES,
    ),
  listCityTwinSensors: (db) => repository.listCityTwinSensors(db, 'kharagpur'),
  findSensor: (db) => repository.findSensor(db, airQuality),
  updateSensor: (db) => repository.updateSensor(db, airQuality, { status: 'active' }, now),
  listSensorsWithTimeZone: (db) =>
    repository.listSensorsWithTimeZone(db, { afterId: airQuality, limit: 1000 }),
  findReadingSensors: (db) => repository.findReadingSensors(db, [airQuality, waste]),
  // A range of transaction ids: this database holds no raw reading to fold.
  applyFoldedLatest: (db) =>
    db
      .transaction()
      .execute((trx) => repository.applyFoldedLatest(trx, { from: '700', to: '900' }, now)),
  markSilentSensorsOffline: (db) =>
    repository.markSilentSensorsOffline(db, new Date('2026-11-20T09:50:00.000Z'), now),
  countSensorsByCity: (db) => repository.countSensorsByCity(db, ['kolkata', 'kharagpur']),
  countOneSensor: (db) => repository.countOneSensor(db),
  figuresByType: (db) =>
    repository.figuresByType(db, 'kolkata', ['pm25', 'no2', 'ph', 'turbidity']),
  countMonitoredOfType: (db) =>
    repository.countMonitoredOfType(db, 'energy', ['kolkata', 'kharagpur', 'new-york']),
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
