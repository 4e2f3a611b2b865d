import type { AlertFacts } from '@smart-city/shared';
import { NO_SQL, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './alerts.repository';

const raisedAt = new Date('2026-11-20T10:00:00.000Z');
const now = new Date('2026-11-20T10:05:00.000Z');

const airFacts = {
  kind: 'threshold',
  sensorId: 'kolkata-air-quality-gariahat',
  sensorName: 'Gariahat Air Quality',
  location: 'Gariahat',
  sensorType: 'air_quality',
  value: 180,
  unit: 'AQI',
  severity: 'high',
  level: 150,
} satisfies AlertFacts;

const airAlert: repository.RaisedAlert = {
  id: 'alert-example',
  sensor_id: 'kolkata-air-quality-gariahat',
  city_key: 'kolkata',
  location: 'Gariahat',
  rule: 'threshold',
  title: 'Unhealthy air quality at Gariahat',
  message: 'AQI 180 (high ≥ 150 AQI)',
  facts: airFacts,
  severity: 'high',
  value: 180,
  in_range_since: null,
  created_at: raisedAt,
};

const binAlert: repository.RaisedAlert = {
  id: 'alert-example-bin',
  sensor_id: 'kolkata-waste-park-street',
  city_key: 'kolkata',
  location: 'Park Street',
  rule: 'threshold',
  title: 'Bin full at Park Street',
  message: 'Fill 95 % (critical ≥ 90 %)',
  facts: null,
  severity: 'critical',
  value: 95,
  in_range_since: new Date('2026-11-20T09:50:00.000Z'),
  created_at: raisedAt,
};

const operator = { id: 'operator-example', name: 'Ananya Sen' };

export const examples: QueryExamples<typeof repository> = {
  insertRaisedAlerts: (db) => repository.insertRaisedAlerts(db, [airAlert, binAlert], raisedAt),
  listAlerts: (db) =>
    repository.listAlerts(db, {
      city: 'kolkata',
      status: 'active',
      order: 'severity',
      limit: 50,
      now,
    }),
  // A text filter is counted row by row; without one the kept counts are read (keptAlertCounts).
  countAlertsBySeverityAndStatus: (db) =>
    repository.countAlertsBySeverityAndStatus(db, { city: 'kolkata', q: 'Gariahat', now }),
  keptAlertCounts: (db) => repository.keptAlertCounts(db, { cities: ['kolkata'], now }),
  assignAlert: (db) => repository.assignAlert(db, airAlert.id, operator, now),
  findAlert: (db) => repository.findAlert(db, airAlert.id),
  findActiveAlertsForSensors: (db) =>
    repository.findActiveAlertsForSensors(db, [airAlert.sensor_id, binAlert.sensor_id]),
  listActiveAlertsOfCity: (db) => repository.listActiveAlertsOfCity(db, 'kolkata', now),
  updateAlert: (db) =>
    repository.updateAlert(
      db,
      airAlert.id,
      {
        shelved_until: '2026-11-20T10:30:00.000Z',
        shelved_reason: 'Crew on site',
        shelved_by: operator.name,
        updated_at: now,
      },
      ['open', 'acknowledged'],
    ),
  alertRowsFrom: NO_SQL,
  resolveAlertsBySystem: (db) =>
    repository.resolveAlertsBySystem(
      db,
      { ids: [binAlert.id] },
      now,
      'Back in range for 10 minutes',
    ),
  insertHistory: (db) =>
    repository.insertHistory(db, {
      alert_id: airAlert.id,
      action: 'shelved',
      from_status: 'open',
      to_status: 'open',
      severity: 'high',
      actor: operator.name,
      note: 'Crew on site',
      at: now,
      details: { kind: 'shelve', minutes: 25, until: '2026-11-20T10:30:00.000Z' },
    }),
  listHistory: (db) => repository.listHistory(db, airAlert.id),
  countActiveAlertsByState: (db) => repository.countActiveAlertsByState(db, now),
  countActiveAlertsByCity: (db) => repository.countActiveAlertsByCity(db, now, ['kolkata']),
  touchAlerts: (db) =>
    repository.touchAlerts(
      db,
      [
        {
          id: airAlert.id,
          title: airAlert.title,
          message: 'AQI 165 (high ≥ 150 AQI)',
          facts: { ...airFacts, value: 165 },
          value: 165,
          inRangeSince: null,
        },
      ],
      now,
    ),
  endExpiredShelves: (db) =>
    repository.endExpiredShelves(db, new Date('2026-11-20T11:00:00.000Z'), 'Shelve ran out'),
};
