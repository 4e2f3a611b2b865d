import { NO_SQL, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './readings.repository';

const airQuality = 'kolkata-air-quality-gariahat';
const waste = 'kolkata-waste-park-street';
const now = new Date('2026-11-20T12:00:00.000Z');

const batch: repository.ReadingColumns = {
  sensorIds: [airQuality, waste],
  values: [142, 63],
  units: ['AQI', '%'],
  timestamps: ['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z'],
  metadata: [JSON.stringify({ pm25: 61, no2: 38 }), null],
};

// The batch delivered again with one reading more.
const redelivered: repository.ReadingColumns = {
  sensorIds: [...batch.sensorIds, airQuality],
  values: [...batch.values, 138],
  units: [...batch.units, 'AQI'],
  timestamps: [...batch.timestamps, '2026-11-20T10:01:00.000Z'],
  metadata: [...batch.metadata, JSON.stringify({ pm25: 58, no2: 36 })],
};

// The fold's examples hand on what each answers, as the fold does.
let cutoff = '0';
let range: repository.FoldRange = { from: '0', to: '0' };

export const examples: QueryExamples<typeof repository> = {
  insertReadings: async (db) => {
    await repository.insertReadings(db, batch);
    return db
      .transaction()
      .execute((trx) => repository.insertReadings(trx, redelivered, { copies: true }));
  },
  isStoredReading: NO_SQL,
  lockForIngest: (db) => db.transaction().execute((trx) => repository.lockForIngest(trx)),
  foldCutoff: async (db) => {
    cutoff = await repository.foldCutoff(db);
  },
  claimFoldRange: (db) =>
    db.transaction().execute(async (trx) => {
      range = (await repository.claimFoldRange(trx, cutoff)) ?? range;
    }),
  markFolded: (db) => db.transaction().execute((trx) => repository.markFolded(trx, range.to, now)),
  rollUpReadings: (db) => db.transaction().execute((trx) => repository.rollUpReadings(trx, range)),
  rawReadingsQuery: (db) =>
    repository
      .rawReadingsQuery(db, airQuality, new Date('2026-11-19T12:00:00.000Z'), 1000)
      .execute(),
  rawReadings: (db) =>
    repository.rawReadings(db, airQuality, new Date('2026-11-19T12:00:00.000Z'), 1000),
  // The week's window: buckets of whole quarter-hours.
  bucketedReadings: (db) =>
    repository.bucketedReadings(db, airQuality, new Date('2026-11-13T12:00:00.000Z'), 900),
  rollupMarks: (db) => repository.rollupMarks(db),
  longWindowQuery: (db) =>
    repository
      .longWindowQuery(airQuality, new Date('2026-10-21T12:00:00.000Z'), 'hour', {
        quarters: new Date('2026-11-20T12:00:00.000Z'),
        hours: new Date('2026-11-20T12:00:00.000Z'),
        days: new Date('2026-11-20T00:00:00.000Z'),
      })
      .execute(db),
  earliestReadingDay: (db) => repository.earliestReadingDay(db),
  longWindowBuckets: (db) =>
    repository.longWindowBuckets(db, airQuality, new Date('2025-11-20T12:00:00.000Z'), 'day'),
};
