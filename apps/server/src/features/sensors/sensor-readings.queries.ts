import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './sensor-readings.repository';

const airQuality = 'kolkata-air-quality-gariahat';
const waste = 'kolkata-waste-park-street';
const now = new Date('2026-11-20T10:00:00.000Z');

export const examples: QueryExamples<typeof repository> = {
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
};
