import { NO_SQL, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './alert-pending.repository';

const now = new Date('2026-11-20T10:05:00.000Z');
const airSensor = 'kolkata-air-quality-gariahat';
const binSensor = 'kolkata-waste-park-street';

const waiting: repository.PendingWrite = {
  sensor_id: airSensor,
  rule: 'threshold',
  since: new Date('2026-11-20T10:00:00.000Z'),
  severity: 'high',
  value: 180,
  title: 'Unhealthy air quality at Gariahat',
  message: 'AQI 180 (high ≥ 150 AQI)',
  facts: {
    kind: 'threshold',
    sensorId: airSensor,
    sensorName: 'Gariahat Air Quality',
    location: 'Gariahat',
    sensorType: 'air_quality',
    value: 180,
    unit: 'AQI',
    severity: 'high',
    level: 150,
  },
  worst_at: new Date('2026-11-20T10:04:00.000Z'),
};

export const examples: QueryExamples<typeof repository> = {
  ruleKey: NO_SQL,
  // One rule back in range and one still waiting: the delete and the upsert in one statement.
  writePending: (db) =>
    repository.writePending(db, [{ sensor_id: binSensor, rule: 'threshold' }], [waiting], now),
  findAlertStateForSensors: (db) =>
    repository.findAlertStateForSensors(db, [airSensor, binSensor], true),
};
