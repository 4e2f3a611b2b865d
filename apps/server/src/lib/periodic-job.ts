import type { Logger } from 'pino';

/**
 * Runs `work` every `intervalMs`, never two runs at once (a slow run skips the next tick rather than
 * piling up), logging a failure instead of crashing. The timer never keeps the process alive.
 */
export function startPeriodicJob(job: {
  name: string;
  intervalMs: number;
  logger: Logger;
  work: () => Promise<void>;
}): { stop: () => void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await job.work();
    } catch (err) {
      job.logger.error({ err }, `${job.name} failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), job.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
