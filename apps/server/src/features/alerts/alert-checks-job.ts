import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { AlertsService } from './alerts.service';

/** How often silent sensors, alerts back in range and shelves run out are looked for. */
const ALERT_CHECK_INTERVAL_MS = 30_000;

/** Runs the offline, auto-resolve and shelve checks every 30 s. */
export function startAlertChecksJob(deps: {
  alerts: AlertsService;
  /** Brings the sensors' latest readings up to date first, so no reporting sensor looks silent. */
  foldReadings: () => Promise<unknown>;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  return startPeriodicJob({
    name: 'alert checks',
    intervalMs: deps.intervalMs ?? ALERT_CHECK_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      await deps.foldReadings();
      const result = await deps.alerts.runChecks();
      if (result.offline + result.resolved + result.unshelved > 0)
        deps.logger.info(result, 'alert checks');
    },
  });
}
