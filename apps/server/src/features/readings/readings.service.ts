import {
  MAX_HISTORY_POINTS,
  READING_WINDOW_MS,
  type ReadingHistory,
  type ReadingWindow,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import { buildEndedPeriods } from '../../db/rollups.repository';
import type { Database } from '../../db/schema';
import {
  dropPartition,
  ensurePartition,
  listPartitions,
  PARTITIONED_TABLES,
  partitionsBetween,
  pruneCityHourlyRollups,
  pruneDailyRollups,
  pruneDefaultPartition,
  storageFigures,
  vacuumTable,
  type PartitionedTable,
} from './partitions.repository';
import type { SensorsService } from '../sensors/sensors.service';
import {
  bucketedReadings,
  claimFoldRange,
  earliestReadingDay,
  foldCutoff,
  insertReadings,
  isStoredReading,
  lockForIngest,
  longWindowBuckets,
  markFolded,
  rawReadings,
  rollUpReadings,
  type FoldRange,
  type ReadingColumns,
} from './readings.repository';

export type { FoldRange, ReadingColumns } from './readings.repository';

/** Bucket length per window when the raw readings do not fit: each keeps a window under 1,000 points. */
const BUCKET_S: Record<ReadingWindow, number> = {
  '1h': 60,
  '24h': 120,
  '7d': 900,
  '30d': 3_600,
  '1y': 86_400,
};

/** The windows answered from the hourly and daily rollups alone, never from raw readings. */
const LONG_WINDOWS: Partial<Record<ReadingWindow, 'hour' | 'day'>> = { '30d': 'hour', '1y': 'day' };

/** Raw readings are kept this many days unless RETENTION_RAW_DAYS says otherwise. */
export const DEFAULT_RETENTION_RAW_DAYS = 30;

/** Hourly rollups are kept this many days unless RETENTION_HOURLY_DAYS says otherwise. */
export const DEFAULT_RETENTION_HOURLY_DAYS = 400;

/**
 * The minute and quarter-hour rollups serve the windows up to a week: they are kept as long as the
 * raw readings, and at least this many days.
 */
const MIN_FINE_ROLLUP_DAYS = 8;

/** Partitions are created this far ahead of the clock (days; months for the hourly rollups). */
const PARTITIONS_AHEAD_DAYS = 3;

/** What is kept how long, in days; null for ever. */
export type Retention = { rawDays: number; hourlyDays: number; dailyDays: number | null };

const DAY_MS = 86_400_000;

/** The hourly rollup, partitioned by month, and the daily one, a table of its own. */
const RAW = PARTITIONED_TABLES[0];
const HOURLY = PARTITIONED_TABLES[3];
const DAILY_ROLLUP_TABLE = 'sensor_readings_daily';

/** A partition that ended longer ago than this was vacuumed already (or by autovacuum since). */
const VACUUM_ENDED_WITHIN_MS = 2 * DAY_MS;

export type ReadingsService = ReturnType<typeof createReadingsService>;

export function createReadingsService(deps: {
  db: Kysely<Database>;
  sensors: SensorsService;
  now: () => Date;
  retention: Retention;
}) {
  const { db } = deps;
  const { retention } = deps;
  /** Days each partitioned table keeps. */
  const keptDays = (spec: PartitionedTable): number =>
    spec.table === 'sensor_data'
      ? retention.rawDays
      : spec.table === 'sensor_readings_hourly'
        ? retention.hourlyDays
        : Math.max(retention.rawDays, MIN_FINE_ROLLUP_DAYS);
  /** The ended partitions this process has vacuumed. */
  const vacuumed = new Set<string>();
  return {
    retention,

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
      await buildEndedPeriods(trx, now);
      return readings;
    },

    /** A sensor's history over a window: raw readings when they fit in 1,000 points, else buckets. */
    async history(sensorId: string, window: ReadingWindow): Promise<ReadingHistory> {
      const from = new Date(deps.now().getTime() - READING_WINDOW_MS[window]);
      const bucketS = BUCKET_S[window];
      const long = LONG_WINDOWS[window];
      const { readings, buckets } = long
        ? await longWindowBuckets(db, sensorId, from, long)
        : await bucketedReadings(db, sensorId, from, bucketS);
      // An unknown sensor is a 404, not an empty history (a sensor with readings exists).
      if (readings === 0) await deps.sensors.get(sensorId);
      if (!long && readings <= MAX_HISTORY_POINTS) {
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

    /** The first day any city has readings for (the readings' coverage); null before any. */
    earliestDay(): Promise<Date | null> {
      return earliestReadingDay(db);
    },

    /**
     * A sensor's hours or days from the period `from` falls in up to `to`, oldest first, each with
     * its mean, extremes and how many readings it holds; the period under way counts what has
     * arrived so far. A 404 for an unknown sensor.
     */
    async periods(sensorId: string, level: 'hour' | 'day', from: Date, to: Date) {
      const { readings, buckets } = await longWindowBuckets(db, sensorId, from, level);
      if (readings === 0) await deps.sensors.get(sensorId);
      return buckets.filter((b) => b.bucket < to).reverse();
    },

    /**
     * Creates the partitions from the oldest day each table keeps to a few days (a month for the
     * hourly rollups) ahead, so readings land in their own day's partition, late or early. Answers
     * the partitions created.
     */
    async ensurePartitions(): Promise<string[]> {
      const now = deps.now();
      const created: string[] = [];
      for (const spec of PARTITIONED_TABLES) {
        const from = new Date(now.getTime() - keptDays(spec) * DAY_MS);
        const to = new Date(now.getTime() + PARTITIONS_AHEAD_DAYS * DAY_MS);
        const ahead = spec.unit === 'month' ? new Date(to.getTime() + 31 * DAY_MS) : to;
        const existing = new Set((await listPartitions(db, spec)).map((p) => p.name));
        for (const part of partitionsBetween(spec, from, ahead)) {
          if (existing.has(part.name)) continue;
          if (await ensurePartition(db, spec, part)) created.push(part.name);
        }
      }
      return created;
    },

    /**
     * Applies the retention: drops every partition whose whole span is older than its table keeps
     * (a day is dropped only once all of it is), deletes the few old rows waiting in the default
     * partitions, and the daily and per-city rollups past theirs. A partition whose lock is not free
     * at once is left for the next run.
     */
    async applyRetention() {
      const now = deps.now().getTime();
      const dropped: string[] = [];
      const kept: string[] = [];
      let rows = 0;
      for (const spec of PARTITIONED_TABLES) {
        const before = new Date(now - keptDays(spec) * DAY_MS);
        for (const part of await listPartitions(db, spec)) {
          if (part.upper > before) break;
          const outcome = await dropPartition(db, spec, part);
          (outcome === 'dropped' ? dropped : kept).push(part.name);
        }
        rows += await pruneDefaultPartition(db, spec, before);
      }
      rows += await pruneCityHourlyRollups(db, new Date(now - retention.hourlyDays * DAY_MS));
      if (retention.dailyDays !== null)
        rows += await pruneDailyRollups(db, new Date(now - retention.dailyDays * DAY_MS));
      return { dropped, kept, rows };
    },

    /**
     * Vacuums each partition that ended in the last two days, once in this process, and answers
     * their names. A vacuum marks the pages all-visible, which lets history read a day's readings
     * from the reading key's index alone; autovacuum waits until a fifth of a table has changed,
     * so without it a day's last hours would stay unmarked (decision 0047).
     */
    async vacuumEndedPartitions(): Promise<string[]> {
      const now = deps.now().getTime();
      const done: string[] = [];
      for (const spec of PARTITIONED_TABLES) {
        for (const part of await listPartitions(db, spec)) {
          const ended = part.upper.getTime();
          if (ended > now || ended <= now - VACUUM_ENDED_WITHIN_MS || vacuumed.has(part.name))
            continue;
          await vacuumTable(db, part.name);
          vacuumed.add(part.name);
          done.push(part.name);
        }
      }
      return done;
    },

    /**
     * Vacuums the tables history reads while they are still written: the raw readings of the day
     * under way, the hourly partition of the month under way and the daily rollup, and answers
     * their names. Autovacuum waits long for them (a fifth of a table changed, and it falls behind
     * on a database written this hard), and until a page is marked all-visible a window reads one
     * table page for every reading or hour it answers instead of the covering index alone: a
     * week's readings of today, a month's hours (decisions 0049 and 0051). A vacuum reads only the
     * pages written since the last one, and an insert-only day has no dead rows to clean.
     */
    async vacuumOpenPartitions(): Promise<string[]> {
      const now = deps.now();
      const open = async (spec: (typeof PARTITIONED_TABLES)[number]) =>
        (await listPartitions(db, spec)).find((part) => part.lower <= now && now < part.upper);
      const raw = await open(RAW);
      const hourly = await open(HOURLY);
      const names = [
        ...(raw ? [raw.name] : []),
        ...(hourly ? [hourly.name] : []),
        DAILY_ROLLUP_TABLE,
      ];
      for (const name of names) await vacuumTable(db, name);
      return names;
    },

    /** What the readings take on disk, and the retention in force. */
    async storage() {
      return {
        ...(await storageFigures(db)),
        retention: { ...retention, fineRollupDays: keptDays(PARTITIONED_TABLES[1]) },
      };
    },
  };
}
