import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import {
  dropUnpartitioned,
  ensurePartition,
  moveUnpartitionedRows,
  PARTITIONED_TABLES,
  partitionAt,
  unpartitionedRows,
} from './partitions.repository';

/** Rows are moved an hour of readings at a time: each batch is one short transaction. */
const MOVE_BATCH_MS = 3_600_000;

/**
 * Moves the readings stored before the tables were partitioned (migration 0030) into their day's
 * partitions, oldest first, an hour of them per transaction, logging each day moved. A start that
 * is stopped halfway goes on where it stopped next time; nothing is ever in both tables or in
 * neither. The old tables are dropped once empty.
 */
export async function moveReadingsIntoPartitions(
  db: Kysely<Database>,
  logger: Logger,
): Promise<void> {
  for (const spec of PARTITIONED_TABLES) {
    const span = await unpartitionedRows(db, spec);
    if (!span) continue;
    if (span.rows > 0) {
      logger.info(
        { table: spec.table, rows: span.rows, from: span.from, to: span.to },
        'moving stored readings into day partitions',
      );
      let moved = 0;
      const started = performance.now();
      let day = partitionAt(spec, span.from);
      while (day.lower <= span.to) {
        await ensurePartition(db, spec, day);
        let movedToday = 0;
        for (let at = day.lower.getTime(); at < day.upper.getTime(); at += MOVE_BATCH_MS)
          movedToday += await moveUnpartitionedRows(
            db,
            spec,
            new Date(at),
            new Date(at + MOVE_BATCH_MS),
          );
        moved += movedToday;
        if (movedToday > 0)
          logger.info(
            {
              table: spec.table,
              partition: day.name,
              rows: movedToday,
              done: `${moved} of ${span.rows}`,
              seconds: Math.round((performance.now() - started) / 100) / 10,
            },
            'readings moved into their partition',
          );
        day = partitionAt(spec, day.upper);
      }
    }
    await dropUnpartitioned(db, spec);
  }
}
