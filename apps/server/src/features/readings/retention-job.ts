import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { ReadingsService } from './readings.service';

export const RETENTION_INTERVAL_MS = 3_600_000;

/** Prunes old readings every hour. */
export function startRetentionJob(deps: {
  readings: ReadingsService;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  return startPeriodicJob({
    name: 'pruning old readings',
    intervalMs: deps.intervalMs ?? RETENTION_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      const pruned = await deps.readings.prune();
      if (pruned.raw + pruned.rollups > 0) deps.logger.info(pruned, 'old readings pruned');
    },
  });
}
