import { NO_SQL, type QueryExamples } from '../../db/query-snapshots';
import * as repository from './partitions.repository';
import { insertReadings } from './readings.repository';

const [raw] = repository.PARTITIONED_TABLES;
const day = repository.partitionAt(raw, new Date('2026-11-20T10:00:00.000Z'));
const dayBefore = repository.partitionAt(raw, new Date('2026-11-19T10:00:00.000Z'));

export const examples: QueryExamples<typeof repository> = {
  partitionAt: NO_SQL,
  partitionsBetween: NO_SQL,
  ensurePartition: async (db) => {
    // A reading waiting in the default partition, moved into its day's as that is created.
    await insertReadings(db, {
      sensorIds: ['kolkata-air-quality-gariahat'],
      values: [142],
      units: ['AQI'],
      timestamps: ['2026-11-20T10:00:00.000Z'],
      metadata: [null],
    });
    for (const part of repository.partitionsBetween(raw, dayBefore.lower, day.lower))
      await repository.ensurePartition(db, raw, part);
  },
  listPartitions: (db) => repository.listPartitions(db, raw),
  // The day before holds no reading: it is dropped.
  dropPartition: (db) => repository.dropPartition(db, raw, dayBefore),
  vacuumTable: (db) => repository.vacuumTable(db, day.name),
  pruneDefaultPartition: (db) =>
    repository.pruneDefaultPartition(db, raw, new Date('2026-10-21T00:00:00.000Z')),
  pruneDailyRollups: (db) => repository.pruneDailyRollups(db, new Date('2021-11-20T00:00:00.000Z')),
  pruneCityHourlyRollups: (db) =>
    repository.pruneCityHourlyRollups(db, new Date('2025-10-16T00:00:00.000Z')),
  storageFigures: (db) => repository.storageFigures(db),
  unpartitionedRows: (db) => repository.unpartitionedRows(db, raw),
  moveUnpartitionedRows: (db) =>
    repository.moveUnpartitionedRows(
      db,
      raw,
      new Date('2026-11-20T00:00:00.000Z'),
      new Date('2026-11-20T01:00:00.000Z'),
    ),
  dropUnpartitioned: (db) => repository.dropUnpartitioned(db, raw),
};
