import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './escalation-policies.repository';

const at = new Date('2026-11-20T10:00:00.000Z');

const policy = {
  id: 'policy-example',
  city_key: 'kolkata',
  sensor_type: 'air_quality',
  severity: 'high',
  created_by: 'admin-example',
  created_at: at,
  updated_at: at,
};

const steps: repository.NewStep[] = [
  {
    position: 0,
    after_seconds: 0,
    action: 'notify',
    audience: 'operators',
    severity: null,
    every_seconds: null,
  },
  {
    position: 1,
    after_seconds: 900,
    action: 'remind',
    audience: 'operators',
    severity: null,
    every_seconds: 900,
  },
  {
    position: 2,
    after_seconds: 1800,
    action: 'raise',
    audience: null,
    severity: 'critical',
    every_seconds: null,
  },
];

export const examples: QueryExamples<typeof repository> = {
  insertPolicy: (db) =>
    db.transaction().execute((trx) => repository.insertPolicy(trx, policy, steps)),
  listPolicies: (db) => repository.listPolicies(db, { city: 'kolkata', limit: 20 }),
  findPolicy: (db) => repository.findPolicy(db, policy.id),
  scopeTaken: (db) =>
    repository.scopeTaken(db, { city: 'kolkata', sensorType: 'air_quality', severity: 'high' }),
  updatePolicy: (db) =>
    db.transaction().execute((trx) =>
      repository.updatePolicy(
        trx,
        policy.id,
        {
          city_key: 'kolkata',
          sensor_type: 'air_quality',
          severity: 'high',
          updated_at: new Date('2026-11-20T11:00:00.000Z'),
        },
        steps.slice(0, 2),
      ),
    ),
  sensorTypesWithPolicy: (db) => repository.sensorTypesWithPolicy(db, 'kolkata', 'high'),
  alertsForPreview: (db) =>
    repository.alertsForPreview(db, {
      city: 'kolkata',
      severity: 'high',
      sensorType: 'air_quality',
      since: new Date('2026-11-13T10:00:00.000Z'),
      limit: 20,
    }),
  findAlertWithSensorType: (db) => repository.findAlertWithSensorType(db, 'alert-example'),
  policyCovering: (db) =>
    repository.policyCovering(db, {
      city_key: 'kolkata',
      severity: 'high',
      sensor_type: 'air_quality',
    }),
  firedSteps: (db) => repository.firedSteps(db, 'alert-example', policy.id),
  deletePolicy: (db) => repository.deletePolicy(db, policy.id),
};
