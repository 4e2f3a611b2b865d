import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import type { IngestService } from '../ingest/ingest.service';
import { listSensorsWithTimeZone } from '../sensors/sensors.repository';
import type { RandomSource } from './reading-shapes';
import { createReadingGenerator, SIMULATOR_INTERVAL_MS, type SimulatedSensor } from './simulator';

/** The sensors the simulator speaks for, with their city's time zone. */
export async function loadSimulatedSensors(db: Kysely<Database>): Promise<SimulatedSensor[]> {
  return (await listSensorsWithTimeZone(db)).map((s) => ({
    id: s.id,
    type: s.type,
    city: s.city_key,
    timeZone: s.time_zone,
    status: s.status,
    metadata: s.metadata ?? {},
  }));
}

/**
 * Feeds simulated readings for every seeded sensor through the ingest service, like any device would.
 * `tick` runs one round (tests call it directly); `start` repeats it every interval.
 */
export function createSimulator(deps: {
  db: Kysely<Database>;
  ingest: IngestService;
  logger: Logger;
  random?: RandomSource;
  now?: () => Date;
  intervalMs?: number;
}) {
  const intervalMs = deps.intervalMs ?? SIMULATOR_INTERVAL_MS;
  const now = deps.now ?? (() => new Date());
  const generator = createReadingGenerator(deps.random ?? Math.random);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function tick(): Promise<number> {
    const sensors = await loadSimulatedSensors(deps.db);
    const readings = generator.tick(sensors, now(), intervalMs);
    if (readings.length === 0) return 0;
    return (await deps.ingest.ingest(readings)).accepted;
  }

  return {
    tick,
    start() {
      if (timer) return;
      const run = () => {
        // A slow round (a busy embedded database) is skipped over, never stacked.
        if (running) return;
        running = tick()
          .catch((err: unknown) => {
            deps.logger.error({ err }, 'simulated readings failed');
            return 0;
          })
          .finally(() => (running = undefined));
      };
      run();
      timer = setInterval(run, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
