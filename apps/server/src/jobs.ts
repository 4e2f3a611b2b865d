import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './db/schema';
import type { DomainEvents } from './live/domain-events';
import type { Metrics } from './metrics/metrics';
import { startKeptCountsJob } from './db/kept-counts.repository';
import { startAlertChecksJob } from './features/alerts/alert-checks-job';
import { startAlertEscalationJob } from './features/alerts/alert-escalation-job';
import { startMqttSubscriber } from './features/ingest/mqtt-subscriber';
import { startLedgerJobs } from './features/ledger/ledger-jobs';
import { startEmailOutboxJob } from './features/notifications/email-outbox-job';
import { startStorageJob } from './features/readings/storage-job';
import { startReportJobs } from './features/reports/report-jobs';
import { createSimulator } from './features/simulator/simulator.service';
import type { Services } from './services';
import { startPeriodicJob } from './lib/periodic-job';

/** How often pollutant hours older than the air-quality index needs are forgotten. */
const POLLUTANT_HOURS_INTERVAL_MS = 3_600_000;

/** How often each process adds its open data request counts to the others'. */
const RATE_COUNTS_INTERVAL_MS = 1_000;

/**
 * The background work of a running server, over the app's services: the offline and auto-resolve
 * checks, compacting the kept counts, the escalation policies, the e-mail outbox (when SMTP_URL is set), the readings' partitions and retention,
 * the simulator (when on) and the MQTT subscriber (when MQTT_URL is set).
 */
export function startJobs(deps: {
  services: Services;
  db: Kysely<Database>;
  logger: Logger;
  simulator: boolean;
  /** Days of simulated history the simulator writes when it starts on a fresh database. */
  simulatorBackfillDays?: number;
  /** The simulator's pace over a large registry, in readings a second. */
  simulatorReadingsPerS?: number;
  mqttUrl: string | undefined;
  /** A persistent MQTT session under this client id (see startMqttSubscriber). */
  mqttClientId?: string;
  /** The shared-subscription group several processes take readings in (see startMqttSubscriber). */
  mqttShareGroup?: string;
  /** The topic root readings arrive under (DEFAULT_MQTT_TOPIC_PREFIX unless set). */
  mqttTopicPrefix?: string;
  metrics: Metrics;
  events: DomainEvents;
  /** The embedded database's directory, whose disk is watched (none with PostgreSQL). */
  embeddedDataDir?: string;
  /** A signed ledger checkpoint at least this often while entries arrive. */
  ledgerCheckpointIntervalMs: number;
}): { stop: () => Promise<void> } {
  const { services, logger } = deps;
  // Readings a previous process stored but did not fold (it was stopped abruptly) are folded now.
  services.readingsFold
    .now()
    .catch((err: unknown) => logger.error({ err }, 'folding readings at start failed'));
  const checks = startAlertChecksJob({
    alerts: services.alerts,
    foldReadings: services.readingsFold.now,
    logger,
  });
  const keptCounts = startKeptCountsJob({ db: deps.db, logger });
  const escalation = startAlertEscalationJob({ escalation: services.escalation, logger });
  const reportJobs = startReportJobs({ reports: services.reports, logger });
  const outbox = services.emailOutbox
    ? startEmailOutboxJob({ outbox: services.emailOutbox, logger })
    : undefined;
  const storage = startStorageJob({
    readings: services.readings,
    logger,
    embeddedDataDir: deps.embeddedDataDir,
  });
  const pollutantHours = startPeriodicJob({
    name: 'forgetting old pollutant hours',
    intervalMs: POLLUTANT_HOURS_INTERVAL_MS,
    logger,
    work: async () => {
      const forgotten = await services.airQuality.forgetOldHours();
      if (forgotten > 0) logger.debug({ rows: forgotten }, 'old pollutant hours forgotten');
    },
  });
  const rateCounts = startPeriodicJob({
    name: 'sharing the open data rate-limit counts',
    intervalMs: RATE_COUNTS_INTERVAL_MS,
    logger,
    work: () => services.openDataLimits.exchange(),
  });
  const ledger = startLedgerJobs({
    db: deps.db,
    events: deps.events,
    ledger: services.ledger,
    cities: services.cities,
    analytics: services.analytics,
    foldReadings: services.readingsFold.now,
    logger,
    now: () => new Date(),
    checkpointIntervalMs: deps.ledgerCheckpointIntervalMs,
  });
  const simulator = deps.simulator
    ? createSimulator({
        db: deps.db,
        sensors: services.sensors,
        ingest: services.ingest,
        logger,
        backfillDays: deps.simulatorBackfillDays,
        readingsPerS: deps.simulatorReadingsPerS,
      })
    : undefined;
  simulator?.start();
  if (simulator)
    logger.info(
      { readingsPerS: deps.simulatorReadingsPerS },
      'sensor simulator on: every sensor every 5 s, or in turn at this pace in a larger registry',
    );
  const mqtt = deps.mqttUrl
    ? startMqttSubscriber({
        url: deps.mqttUrl,
        ingest: services.ingest,
        logger,
        metrics: deps.metrics,
        clientId: deps.mqttClientId,
        shareGroup: deps.mqttShareGroup,
        topicPrefix: deps.mqttTopicPrefix,
      })
    : undefined;
  return {
    async stop() {
      // Live figures and counts still waiting would query a database that is about to close.
      services.analytics.stop();
      services.stats.stop();
      checks.stop();
      keptCounts.stop();
      pollutantHours.stop();
      rateCounts.stop();
      escalation.stop();
      reportJobs.stop();
      outbox?.stop();
      await services.emailOutbox?.stop();
      storage.stop();
      await storage.done;
      ledger.stop();
      await simulator?.stop();
      await mqtt?.stop();
      // Last, once nothing ingests any more: what is stored does not wait for the next start.
      await services.readingsFold.stop();
    },
  };
}
