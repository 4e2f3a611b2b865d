import type { Kysely } from 'kysely';
import { exampleAlert, type QueryExamples } from '../../db/query-snapshots';
import type { Database } from '../../db/schema';
import * as repository from './alert-escalation.repository';
import { insertRaisedAlerts } from './alerts.repository';

const raisedAt = new Date('2026-11-20T10:00:00.000Z');
const now = new Date('2026-11-20T10:05:00.000Z');

const alert = exampleAlert(raisedAt);

/** The alert the steps fire for (alert_history.alert_id references alerts). */
export async function setup(db: Kysely<Database>) {
  await insertRaisedAlerts(db, [alert], raisedAt);
}

export const examples: QueryExamples<typeof repository> = {
  fireDueSteps: (db) => db.transaction().execute((trx) => repository.fireDueSteps(trx, now, 100)),
  applyFiredSteps: (db) =>
    db
      .transaction()
      .execute((trx) =>
        repository.applyFiredSteps(trx, [{ id: alert.id, raiseTo: 'critical' }], now),
      ),
  insertStepHistory: (db) =>
    db.transaction().execute((trx) =>
      repository.insertStepHistory(
        trx,
        [
          {
            alertId: alert.id,
            action: 'raised',
            status: 'open',
            severity: 'critical',
            actor: 'system',
            details: {
              kind: 'step',
              policyId: 'policy-example',
              position: 1,
              action: 'raise',
              audience: null,
              occurrence: 0,
              recipients: 0,
            },
          },
        ],
        now,
      ),
    ),
};
