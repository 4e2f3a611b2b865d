import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './alarm-kpis.repository';

const window: repository.KpiWindow = {
  city: 'kolkata',
  from: new Date('2026-11-13T00:00:00.000Z'),
  to: new Date('2026-11-20T00:00:00.000Z'),
};
const now = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
  countWindowAlerts: (db) => repository.countWindowAlerts(db, window),
  countAlertsPerBucket: (db) => repository.countAlertsPerBucket(db, window, 24 * 3_600_000),
  topAlerts: (db) => repository.topAlerts(db, window, 10),
  countStandingAlerts: (db) =>
    repository.countStandingAlerts(db, 'kolkata', new Date('2026-11-19T10:00:00.000Z'), now),
  countShelvedAlerts: (db) => repository.countShelvedAlerts(db, 'kolkata', now),
  floodSeconds: (db) => repository.floodSeconds(db, window),
};
