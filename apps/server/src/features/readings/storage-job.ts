import { statfs } from 'node:fs/promises';
import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { ReadingsService } from './readings.service';

const STORAGE_INTERVAL_MS = 3_600_000;

/** Below this share of free space on the embedded database's disk, every run warns. */
const LOW_DISK_FREE_SHARE = 0.1;

/** The share of a disk's space that is free (for an unprivileged process). */
export async function freeDiskShare(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.blocks > 0 ? disk.bavail / disk.blocks : 1;
}

/**
 * Looks after the readings' storage: at start and then every hour, creates the partitions ahead of
 * the clock, drops those past retention, vacuums those that have just ended and the rollups still
 * being written, and warns when the disk holding the embedded database (`embeddedDataDir`) is
 * nearly full.
 */
export function startStorageJob(deps: {
  readings: Pick<
    ReadingsService,
    'ensurePartitions' | 'applyRetention' | 'vacuumEndedPartitions' | 'vacuumOpenPartitions'
  >;
  logger: Logger;
  embeddedDataDir?: string;
  intervalMs?: number;
  /** How the free share of a disk is read (statfs unless a test says otherwise). */
  freeShare?: (dir: string) => Promise<number>;
}): { stop: () => void; done: Promise<void> } {
  const { logger } = deps;
  const work = async () => {
    const created = await deps.readings.ensurePartitions();
    if (created.length > 0) logger.info({ partitions: created }, 'readings partitions created');
    const retention = await deps.readings.applyRetention();
    if (retention.dropped.length > 0 || retention.rows > 0)
      logger.info(
        { partitions: retention.dropped, rows: retention.rows },
        'readings past retention dropped',
      );
    if (retention.kept.length > 0)
      logger.info(
        { partitions: retention.kept },
        'readings partitions past retention kept for now (busy, or readings not folded yet)',
      );
    const vacuumed = await deps.readings.vacuumEndedPartitions();
    if (vacuumed.length > 0)
      logger.info({ partitions: vacuumed }, 'ended readings partitions vacuumed');
    const open = await deps.readings.vacuumOpenPartitions();
    logger.debug({ tables: open }, 'readings tables still written vacuumed');
    if (deps.embeddedDataDir) {
      const free = await (deps.freeShare ?? freeDiskShare)(deps.embeddedDataDir);
      if (free < LOW_DISK_FREE_SHARE)
        logger.warn(
          { dir: deps.embeddedDataDir, freePercent: Math.round(free * 1000) / 10 },
          'the disk holding the embedded database has less than 10 % free: lower RETENTION_RAW_DAYS or free space',
        );
    }
  };
  const done = work().catch((err: unknown) =>
    logger.error({ err }, 'looking after the readings storage failed'),
  );
  const job = startPeriodicJob({
    name: 'looking after the readings storage',
    intervalMs: deps.intervalMs ?? STORAGE_INTERVAL_MS,
    logger,
    work,
  });
  return { stop: job.stop, done };
}
