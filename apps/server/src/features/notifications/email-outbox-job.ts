import type { Logger } from 'pino';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { EmailOutbox } from './email-outbox';

/**
 * How often the outbox is looked at besides right after a commit queues e-mail: for retries that
 * came due, and e-mail queued by another process or before a restart.
 */
const EMAIL_OUTBOX_POLL_MS = 5_000;

/** Sends due e-mail from the outbox every EMAIL_OUTBOX_POLL_MS, and once at start. */
export function startEmailOutboxJob(deps: {
  outbox: EmailOutbox;
  logger: Logger;
  intervalMs?: number;
}): { stop: () => void } {
  deps.outbox.sendSoon();
  return startPeriodicJob({
    name: 'e-mail outbox',
    intervalMs: deps.intervalMs ?? EMAIL_OUTBOX_POLL_MS,
    logger: deps.logger,
    work: async () => {
      const sent = await deps.outbox.sendDue();
      if (sent > 0) deps.logger.info({ sent }, 'e-mails sent');
    },
  });
}
