import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { ReportsService } from './reports.service';

/** How often photos no report took are looked for. */
const SWEEP_INTERVAL_MS = 15 * 60_000;

/** How often reports past their deadline are looked for: a deadline is kept to the minute. */
const OVERDUE_INTERVAL_MS = 60_000;

/**
 * The reports' periodic work, in every process:
 * - every quarter of an hour, the uploaded photos no report took within a day (a form left
 *   unsent) are deleted, the row and the file together;
 * - every minute, open reports past their deadline are escalated, each once.
 * Two processes take distinct rows.
 */
export function startReportJobs(deps: { reports: ReportsService; logger: Logger }): {
  stop: () => void;
} {
  const sweep = startPeriodicJob({
    name: 'report photos sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      const removed = await deps.reports.deleteUnattachedPhotos();
      if (removed > 0) deps.logger.info({ removed }, 'unattached report photos deleted');
    },
  });
  const overdue = startPeriodicJob({
    name: 'overdue reports',
    intervalMs: OVERDUE_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      const escalated = await deps.reports.escalateOverdue();
      if (escalated > 0) deps.logger.info({ escalated }, 'overdue reports escalated');
    },
  });
  return {
    stop: () => {
      sweep.stop();
      overdue.stop();
    },
  };
}
