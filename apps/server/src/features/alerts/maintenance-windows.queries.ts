import { exampleAlert, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './maintenance-windows.repository';

const airSensor = 'kolkata-air-quality-gariahat';

// Kolkata's air-quality sensors within 1 km of Gariahat, from 08:00 to 12:00.
const window: repository.MaintenanceWindowRow = {
  id: 'window-example',
  city_key: 'kolkata',
  sensor_ids: null,
  type: 'air_quality',
  area_key: 'gariahat',
  area_lat: 22.518,
  area_lng: 88.366,
  area_radius_km: 1,
  starts_at: new Date('2026-11-20T08:00:00.000Z'),
  ends_at: new Date('2026-11-20T12:00:00.000Z'),
  reason: 'Sensor recalibration',
  created_by: 'Ananya Sen',
  created_at: new Date('2026-11-19T18:00:00.000Z'),
};

const during = new Date('2026-11-20T10:00:00.000Z');
const after = new Date('2026-11-20T12:30:00.000Z');

const raised = exampleAlert(during);

export const examples: QueryExamples<typeof repository> = {
  insertMaintenanceWindow: (db) => repository.insertMaintenanceWindow(db, window),
  listMaintenanceWindows: (db) =>
    repository.listMaintenanceWindows(db, 'kolkata', during, new Date('2026-11-13T10:00:00.000Z')),
  unknownSensorIds: (db) =>
    repository.unknownSensorIds(db, 'kolkata', [airSensor, 'kharagpur-traffic-example']),
  maintenanceCoverage: (db) =>
    repository.maintenanceCoverage(db, [airSensor, 'kolkata-waste-park-street'], during),
  // Raised while the window covers the sensor: stored suppressed.
  insertRaisedMarkingSuppressed: (db) =>
    db
      .transaction()
      .execute((trx) => repository.insertRaisedMarkingSuppressed(trx, [raised], during)),
  // After the window: the suppressed alert is shown.
  endSuppressions: (db) =>
    db
      .transaction()
      .execute((trx) => repository.endSuppressions(trx, after, 'Maintenance window ended')),
  deleteMaintenanceWindow: (db) => repository.deleteMaintenanceWindow(db, window.id),
};
