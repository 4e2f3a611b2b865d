import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './ledger.repository';

const at = '2026-11-20T10:00:00.000Z';
const ref = 'alert:alert-example:acknowledged';
const hash = 'b'.repeat(64);
const entry = {
  type: 'alert.acknowledged',
  at,
  payload: '{"alertId":"alert-example","by":"Operator"}',
  ref,
};
const checkpoint = { tree_size: 1, root_hash: 'c'.repeat(64), at, signature: 'signature-example' };
const sensorIds = ['kolkata-air-quality-gariahat', 'kolkata-air-quality-park-street'];

export const examples: QueryExamples<typeof repository> = {
  insertPending: (db) => repository.insertPending(db, entry),
  lockHead: (db) => db.transaction().execute((trx) => repository.lockHead(trx)),
  takePending: (db) => db.transaction().execute((trx) => repository.takePending(trx, 100)),
  chainedRefs: (db) => repository.chainedRefs(db, [ref]),
  appendChained: (db) =>
    db.transaction().execute((trx) =>
      repository.appendChained(trx, {
        entries: [
          { ...entry, seq: 1, prev_hash: '0'.repeat(64), hash, signature: 'signature-example' },
        ],
        checkpoints: [checkpoint],
        // The id of the row insertPending queued.
        takenIds: ['1'],
        head: { seq: 1, hash, frontier: JSON.stringify([{ size: 1, hash }]) },
      }),
    ),
  insertCheckpoint: (db) => repository.insertCheckpoint(db, { ...checkpoint, tree_size: 2 }),
  latestCheckpoint: (db) => repository.latestCheckpoint(db),
  listCheckpoints: (db) => repository.listCheckpoints(db, 20),
  listEntries: (db) =>
    repository.listEntries(db, { type: 'alert.acknowledged', afterSeq: 0, limit: 50 }),
  findEntry: (db) => repository.findEntry(db, 1),
  entryHashesAfter: (db) => repository.entryHashesAfter(db, 0, 1000),
  headSeq: (db) => repository.headSeq(db),
  countByType: (db) => repository.countByType(db),
  seqsOfRefs: (db) => repository.seqsOfRefs(db, [ref]),
  findLedgerKey: (db) => repository.findLedgerKey(db),
  recordFirstLedgerKey: (db) =>
    repository.recordFirstLedgerKey(
      db,
      'ledger-key-example',
      { kty: 'OKP', crv: 'Ed25519', x: 'public-key-example', kid: 'ledger-key-example' },
      new Date(at),
    ),
  findUnusualAirQualityBands: (db) => repository.findUnusualAirQualityBands(db, sensorIds),
  lockAirQualityBands: (db) =>
    db.transaction().execute((trx) => repository.lockAirQualityBands(trx, sensorIds, new Date(at))),
  saveAirQualityBand: (db) =>
    repository.saveAirQualityBand(db, {
      sensor_id: sensorIds[0]!,
      band: 'high',
      changed_at: new Date(at),
    }),
  claimDailySummary: (db) => repository.claimDailySummary(db, 'kolkata', '2026-11-20'),
};
