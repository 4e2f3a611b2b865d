import {
  MAX_HISTORY_POINTS,
  READING_WINDOW_MS,
  type ReadingHistory,
  type ReadingWindow,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { SensorsService } from '../sensors/sensors.service';
import {
  bucketedReadings,
  buildEndedQuarters,
  claimFoldRange,
  foldCutoff,
  insertReadings,
  isStoredReading,
  lockForIngest,
  markFolded,
  pruneReadings,
  rawReadings,
  rollUpReadings,
  type FoldRange,
  type ReadingColumns,
} from './readings.repository';

export type { FoldRange, ReadingColumns } from './readings.repository';

/** Bucket length per window when the raw readings do not fit: each keeps a window under 1,000 points. */
export const BUCKET_S: Record<ReadingWindow, number> = { '1h': 60, '24h': 120, '7d': 900 };

/** Raw readings are kept this many days unless RETENTION_RAW_DAYS says otherwise. */
export const DEFAULT_RETENTION_RAW_DAYS = 30;

/** Rollups outlive raw readings: a year of minute aggregates per sensor. */
export const ROLLUP_RETENTION_DAYS = 365;

const DAY_MS = 86_400_000;
const QUARTER_MS = 15 * 60_000;

export type ReadingsService = ReturnType<typeof createReadingsService>;

export function createReadingsService(deps: {
  db: Kysely<Database>;
  sensors: SensorsService;
  now: () => Date;
  retentionRawDays: number;
}) {
  const { db } = deps;
  return {
    /**
     * Marks the caller's transaction as one that stores readings; call first, before anything is
     * written, so a fold's cut-off waits for it.
     */
    beginStoring(trx: Transaction<Database>): Promise<void> {
      return lockForIngest(trx);
    },

    /**
     * Stores a checked batch inside the caller's transaction; the next fold rolls it up. A reading
     * stored before fails the batch (`isStoredReading`) unless `copies` is set; then such readings
     * are skipped: null when none was, else the indexes of those stored now.
     */
    store(
      trx: Transaction<Database>,
      readings: ReadingColumns,
      options?: { copies: boolean },
    ): Promise<number[] | null> {
      return insertReadings(trx, readings, options);
    },
    isStoredReading,

    /** The transaction id below which every batch has committed or failed (waits for those in flight). */
    foldCutoff(): Promise<string> {
      return foldCutoff(db);
    },

    /** Takes the fold for the caller's transaction: the range of readings to fold, or null. */
    claimFold(trx: Transaction<Database>, cutoff: string): Promise<FoldRange | null> {
      return claimFoldRange(trx, cutoff);
    },

    /**
     * Adds the range's readings to the minute rollups (and to their quarter-hour when it is built
     * already), records the range folded, and builds the quarter-hours that have ended; answers how
     * many readings were added.
     */
    async rollUp(trx: Transaction<Database>, range: FoldRange): Promise<number> {
      const readings = await rollUpReadings(trx, range);
      const now = deps.now();
      // A range without readings (other writes moved the ids on) is looked at again next time:
      // cheaper than writing the fold's row after every write anywhere.
      if (readings > 0) await markFolded(trx, range.to, now);
      await buildEndedQuarters(trx, new Date(Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS));
      return readings;
    },

    /** A sensor's history over a window: raw readings when they fit in 1,000 points, else buckets. */
    async history(sensorId: string, window: ReadingWindow): Promise<ReadingHistory> {
      const from = new Date(deps.now().getTime() - READING_WINDOW_MS[window]);
      const bucketS = BUCKET_S[window];
      const { readings, buckets } = await bucketedReadings(db, sensorId, from, bucketS);
      // An unknown sensor is a 404, not an empty history (a sensor with readings exists).
      if (readings === 0) await deps.sensors.get(sensorId);
      if (readings <= MAX_HISTORY_POINTS) {
        const rows = await rawReadings(db, sensorId, from, MAX_HISTORY_POINTS);
        return {
          sensorId,
          window,
          bucketS: 0,
          points: rows.map((r) => ({
            timestamp: new Date(r.timestamp).toISOString(),
            value: r.value,
            min: r.value,
            max: r.value,
          })),
        };
      }
      return {
        sensorId,
        window,
        bucketS,
        points: buckets.slice(0, MAX_HISTORY_POINTS).map((b) => ({
          timestamp: b.bucket.toISOString(),
          value: b.avg,
          min: b.min,
          max: b.max,
        })),
      };
    },

    /** Drops raw readings past RETENTION_RAW_DAYS and rollups past a year. */
    prune() {
      const now = deps.now().getTime();
      return pruneReadings(
        db,
        new Date(now - deps.retentionRawDays * DAY_MS),
        new Date(now - ROLLUP_RETENTION_DAYS * DAY_MS),
      );
    },
  };
}
