import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { startAlertChecksJob } from '../alerts/alert-checks-job';
import { startRetentionJob } from '../readings/retention-job';
import { createSimulator } from '../simulator/simulator.service';
import { startMqttSubscriber } from './mqtt-subscriber';
import { createPipeline } from './pipeline';

/**
 * The pipeline's background work for a running server: the simulator (when on), the MQTT subscriber
 * (when MQTT_URL is set), the offline/auto-resolve checks and the retention job.
 */
export function startPipelineJobs(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  logger: Logger;
  simulator: boolean;
  /** Days of simulated history the simulator writes when it starts on a fresh database. */
  simulatorBackfillDays?: number;
  mqttUrl: string | undefined;
  retentionRawDays: number;
}): { stop: () => Promise<void> } {
  const pipeline = createPipeline(deps);
  const checks = startAlertChecksJob({ alerts: pipeline.alerts, logger: deps.logger });
  const retention = startRetentionJob({ readings: pipeline.readings, logger: deps.logger });
  const simulator = deps.simulator
    ? createSimulator({
        db: deps.db,
        ingest: pipeline.ingest,
        logger: deps.logger,
        backfillDays: deps.simulatorBackfillDays,
      })
    : undefined;
  simulator?.start();
  const mqtt = deps.mqttUrl
    ? startMqttSubscriber({ url: deps.mqttUrl, ingest: pipeline.ingest, logger: deps.logger })
    : undefined;
  if (simulator) deps.logger.info('sensor simulator on: readings every 5 s');
  return {
    async stop() {
      checks.stop();
      retention.stop();
      await simulator?.stop();
      await mqtt?.stop();
    },
  };
}
