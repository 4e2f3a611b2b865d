import { ESCALATION_CHECK_INTERVAL_MS } from '@smart-city/shared';
import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { AlertEscalationService } from './alert-escalation.service';

/**
 * Fires the escalation steps that are due, every ESCALATION_CHECK_INTERVAL_MS in every process;
 * the steps' records keep two processes from firing one twice.
 */
export function startAlertEscalationJob(deps: {
  escalation: AlertEscalationService;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  return startPeriodicJob({
    name: 'alert escalation',
    intervalMs: deps.intervalMs ?? ESCALATION_CHECK_INTERVAL_MS,
    logger: deps.logger,
    work: async () => {
      const fired = await deps.escalation.run();
      if (fired > 0) deps.logger.info({ fired }, 'escalation steps fired');
    },
  });
}
