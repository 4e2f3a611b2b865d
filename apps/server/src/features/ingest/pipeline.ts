import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { createAlertsService } from '../alerts/alerts.service';
import { createDeviceKeysService } from '../device-keys/device-keys.service';
import { createReadingsService } from '../readings/readings.service';
import { createSensorsService } from '../sensors/sensors.service';
import { createStatsService } from '../stats/stats.service';
import { createIngestService } from './ingest.service';

/** Raw readings are kept this many days unless RETENTION_RAW_DAYS says otherwise. */
export const DEFAULT_RETENTION_RAW_DAYS = 30;

export type PipelineDeps = {
  db: Kysely<Database>;
  events: DomainEvents;
  logger: Logger;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  retentionRawDays?: number;
};

/** The services of the sensor pipeline, wired to one database, event bus and clock. */
export function createPipeline(deps: PipelineDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, events, logger } = deps;
  const stats = createStatsService({ db, events });
  const alerts = createAlertsService({ db, events, stats, now });
  return {
    stats,
    alerts,
    sensors: createSensorsService({ db, events, stats, now }),
    readings: createReadingsService({
      db,
      now,
      retentionRawDays: deps.retentionRawDays ?? DEFAULT_RETENTION_RAW_DAYS,
    }),
    deviceKeys: createDeviceKeysService({ db, now }),
    ingest: createIngestService({ db, events, alerts, logger, now }),
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
