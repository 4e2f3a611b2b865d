import {
  ERROR_CODES,
  MAX_HISTORY_POINTS,
  READING_WINDOW_MS,
  type ReadingHistory,
  type ReadingWindow,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { findSensor } from '../sensors/sensors.repository';
import {
  bucketedReadings,
  countReadingsInWindow,
  pruneReadings,
  rawReadings,
} from './readings.repository';

/** Bucket length per window when the raw readings do not fit: each keeps a window under 1,000 points. */
export const BUCKET_S: Record<ReadingWindow, number> = { '1h': 60, '24h': 120, '7d': 900 };

/** Rollups outlive raw readings: a year of minute aggregates per sensor. */
export const ROLLUP_RETENTION_DAYS = 365;

const DAY_MS = 86_400_000;

export type ReadingsService = ReturnType<typeof createReadingsService>;

export function createReadingsService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  retentionRawDays: number;
}) {
  const { db } = deps;
  return {
    /** A sensor's history over a window: raw readings when they fit in 1,000 points, else buckets. */
    async history(sensorId: string, window: ReadingWindow): Promise<ReadingHistory> {
      if (!(await findSensor(db, sensorId)))
        throw new HttpError(404, ERROR_CODES.notFound, `No sensor with id "${sensorId}"`);
      const from = new Date(deps.now().getTime() - READING_WINDOW_MS[window]);
      const count = await countReadingsInWindow(db, sensorId, from);
      if (count <= MAX_HISTORY_POINTS) {
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
      const bucketS = BUCKET_S[window];
      const buckets = await bucketedReadings(db, sensorId, from, bucketS);
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
