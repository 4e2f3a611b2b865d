import {
  alertFactsSchema,
  alertSeveritySchema,
  notificationKindSchema,
  reportNotificationKindSchema,
  reportCategorySchema,
  reportStatusSchema,
  type AlertNotificationKind,
  type NotificationKind,
  type ReportNotificationKind,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, EmailOutboxRow } from '../../db/schema';
import { mailDomainOf, type MailTransport } from '../../lib/smtp-transport';
import type { Metrics } from '../../metrics/metrics';
import type { CitiesService } from '../cities/cities.service';
import {
  claimDueEmails,
  markEmailFailed,
  markEmailSent,
  countEmailsByStatus,
} from './email-outbox.repository';
import { renderAlertEmail, renderReportEmail } from './email-templates';

/** E-mails one sender takes at a time. */
const BATCH_SIZE = 20;
/** How long a sender holds an e-mail it took; past it, another sender may try (the first died). */
export const EMAIL_HOLD_MS = 60_000;
/** The first retry waits this long, each later one twice as long as the one before, up to an hour. */
const EMAIL_RETRY_BASE_MS = 30_000;
const EMAIL_RETRY_MAX_MS = 60 * 60_000;
/** After this many attempts an e-mail is given up (about four hours after the first). */
export const EMAIL_MAX_ATTEMPTS = 8;

/** How long after its `attempts`-th failure an e-mail is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(EMAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), EMAIL_RETRY_MAX_MS);
}

const paramsSchema = z.object({
  recipientName: z.string(),
  alertTitle: z.string(),
  // E-mails queued before alerts kept their facts have none: their title is quoted as written.
  alertFacts: alertFactsSchema.nullable().optional(),
  severity: alertSeveritySchema,
  city: z.string(),
  actor: z.string().nullable(),
  excerpt: z.string().nullable(),
  alertUrl: z.string(),
});

const reportParamsSchema = z.object({
  recipientName: z.string(),
  reportId: z.string(),
  category: reportCategorySchema,
  status: reportStatusSchema,
  description: z.string(),
  mergedInto: z.string().nullable(),
  city: z.string(),
  actor: z.string().nullable(),
  excerpt: z.string().nullable(),
  reportUrl: z.string(),
});

const isReportKind = (kind: NotificationKind): kind is ReportNotificationKind =>
  reportNotificationKindSchema.safeParse(kind).success;

export type EmailOutbox = ReturnType<typeof createEmailOutbox>;

/** Each city's name and time zone, by key, as an e-mail names the city and its times. */
type CityWords = Map<string, { name: string; timeZone: string }>;

/**
 * Sends what the outbox holds. Each e-mail was queued in the transaction of what it tells, so it
 * exists exactly when that happened; a sender takes a batch (held for EMAIL_HOLD_MS, `skip locked`
 * across processes), hands each message to the SMTP server and marks it sent, or tries it again
 * later with a growing delay. The Message-ID is the outbox row's, so in the one case a message can
 * go out twice (the process dies after the server took it and before it was marked sent) the
 * receiving side sees the same message.
 */
export function createEmailOutbox(deps: {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The sender's address, whose domain the message ids use. */
  from: string;
  cities: CitiesService;
  now: () => Date;
  logger: Logger;
  metrics?: Metrics;
}) {
  const { db, logger } = deps;
  const domain = mailDomainOf(deps.from);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function compose(row: EmailOutboxRow, cities: CityWords) {
    const kind = notificationKindSchema.parse(row.template);
    const { subject, text } = isReportKind(kind)
      ? composeReport(kind, row, cities)
      : composeAlert(kind, row, cities);
    return { to: row.to_address, subject, text, messageId: `<outbox-${row.id}@${domain}>` };
  }

  function composeAlert(kind: AlertNotificationKind, row: EmailOutboxRow, cities: CityWords) {
    const params = paramsSchema.parse(row.params);
    const city = cities.get(params.city);
    return renderAlertEmail(kind, row.language, params, city?.name ?? params.city, city?.timeZone);
  }

  function composeReport(kind: ReportNotificationKind, row: EmailOutboxRow, cities: CityWords) {
    const params = reportParamsSchema.parse(row.params);
    return renderReportEmail(
      kind,
      row.language,
      params,
      cities.get(params.city)?.name ?? params.city,
    );
  }

  async function sendOne(row: EmailOutboxRow, cities: CityWords): Promise<boolean> {
    try {
      await deps.transport.send(await compose(row, cities));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt =
        row.attempts >= EMAIL_MAX_ATTEMPTS
          ? null
          : new Date(deps.now().getTime() + retryDelayMs(row.attempts));
      await markEmailFailed(db, row.id, message, retryAt);
      deps.metrics?.emails.inc({ outcome: retryAt ? 'retry' : 'failed' });
      logger.warn(
        { err, emailId: row.id, attempts: row.attempts, retryAt },
        retryAt ? 'e-mail not sent; trying again later' : 'e-mail not sent; giving up',
      );
      return false;
    }
    await markEmailSent(db, row.id, deps.now());
    deps.metrics?.emails.inc({ outcome: 'sent' });
    return true;
  }

  /** Sends every e-mail that is due, batch after batch; returns how many went out. */
  async function drain(): Promise<number> {
    let sent = 0;
    let cities: CityWords | null = null;
    while (!stopped) {
      const now = deps.now();
      const batch = await claimDueEmails(
        db,
        now,
        new Date(now.getTime() + EMAIL_HOLD_MS),
        BATCH_SIZE,
      );
      if (batch.length === 0) return sent;
      cities ??= new Map((await deps.cities.list()).map((city) => [city.key, city]));
      for (const row of batch) {
        // A message taken but not tried is held only until its hold ends, then tried again.
        if (stopped) return sent;
        if (await sendOne(row, cities)) sent += 1;
      }
    }
    return sent;
  }

  /** One drain at a time in this process; a call during one runs another right after it. */
  function sendDue(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await drain();
        } while (again);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    sendDue,
    /** Sends what is due without waiting for it; a failure is logged (the poll tries again). */
    sendSoon() {
      sendDue().catch((err: unknown) => logger.error({ err }, 'sending e-mail failed'));
    },
    /** The outbox's e-mails by status. */
    counts: () => countEmailsByStatus(db),
    /**
     * Sends nothing more and waits for the message being sent, so that one the server took is
     * marked sent before the database closes.
     */
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}
