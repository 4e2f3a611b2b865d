import type { Logger } from 'pino';
import type { AlertsService } from './alerts.service';

/** How often silent sensors and alerts back in range are looked for. */
export const ALERT_CHECK_INTERVAL_MS = 30_000;

/** Runs the offline and auto-resolve checks every 30 s; the timer never keeps the process alive. */
export function startAlertChecksJob(deps: {
  alerts: AlertsService;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await deps.alerts.runChecks();
      if (result.offline + result.resolved > 0) deps.logger.info(result, 'alert checks');
    } catch (err) {
      deps.logger.error({ err }, 'alert checks failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), deps.intervalMs ?? ALERT_CHECK_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
