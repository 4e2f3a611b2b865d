import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { ReportsService } from './reports.service';

/** How often photos no report took are looked for. */
const SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Deletes, every quarter of an hour in every process, the uploaded photos no report took within a
 * day (a form left unsent): the row and the file go together, and two processes take distinct rows.
 */
export function startReportPhotosJob(deps: { reports: ReportsService; logger: Logger }): {
  stop: () => void;
} {
  return startPeriodicJob({
    name: 'report photos sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      const removed = await deps.reports.deleteUnattachedPhotos();
      if (removed > 0) deps.logger.info({ removed }, 'unattached report photos deleted');
    },
  });
}
