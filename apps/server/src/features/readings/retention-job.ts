import type { Logger } from 'pino';
import type { ReadingsService } from './readings.service';

export const RETENTION_INTERVAL_MS = 3_600_000;

/** Prunes old readings every hour; the timer never keeps the process alive on its own. */
export function startRetentionJob(deps: {
  readings: ReadingsService;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const pruned = await deps.readings.prune();
      if (pruned.raw + pruned.rollups > 0) deps.logger.info(pruned, 'old readings pruned');
    } catch (err) {
      deps.logger.error({ err }, 'pruning old readings failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), deps.intervalMs ?? RETENTION_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
