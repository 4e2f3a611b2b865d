import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { startPeriodicJob } from '../../lib/periodic-job';
import type { DomainEvents } from '../../live/domain-events';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { CitiesService } from '../cities/cities.service';
import { createAirQualityRecords } from './air-quality-records';
import type { LedgerService } from './ledger.service';

/** How often each process chains what others recorded (its own records are chained at once). */
const SEQUENCE_POLL_MS = 1_000;
/** How often the checkpoint and the daily summaries are looked at. */
const CHECKPOINT_POLL_MS = 30_000;
const DAILY_SUMMARY_POLL_MS = 10 * 60_000;

/**
 * The ledger's background work: chaining entries recorded by other server processes, a signed
 * checkpoint at least every `checkpointIntervalMs` while entries arrive, air-quality crossings as
 * readings come in, and yesterday's air-quality summary of each city.
 */
export function startLedgerJobs(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  ledger: LedgerService;
  cities: CitiesService;
  analytics: AnalyticsService;
  /** Folds stored readings into the rollups the daily summaries read. */
  foldReadings: () => Promise<unknown>;
  logger: Logger;
  now: () => Date;
  checkpointIntervalMs: number;
}): { stop: () => void } {
  const { ledger, logger } = deps;
  const airQuality = createAirQualityRecords(deps);
  const jobs = [
    startPeriodicJob({
      name: 'ledger sequencing',
      intervalMs: SEQUENCE_POLL_MS,
      logger,
      work: async () => void (await ledger.sequence()),
    }),
    startPeriodicJob({
      name: 'ledger checkpoint',
      intervalMs: Math.min(CHECKPOINT_POLL_MS, deps.checkpointIntervalMs),
      logger,
      work: async () => {
        const checkpoint = await ledger.checkpointIfDue(deps.checkpointIntervalMs);
        if (checkpoint) logger.info({ treeSize: checkpoint.treeSize }, 'ledger checkpoint signed');
      },
    }),
    startPeriodicJob({
      name: 'air-quality daily summaries',
      intervalMs: DAILY_SUMMARY_POLL_MS,
      logger,
      work: async () => void (await airQuality.recordDailySummaries()),
    }),
  ];
  // The first summary need not wait ten minutes after a start.
  airQuality
    .recordDailySummaries()
    .catch((err: unknown) => logger.error({ err }, 'air-quality daily summaries failed'));
  return {
    stop() {
      for (const job of jobs) job.stop();
      airQuality.stop();
    },
  };
}
