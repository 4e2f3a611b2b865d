import type { Health, HealthLive, ServerPhase } from '@smart-city/shared';
import type { SensorsService } from '../sensors/sensors.service';

/** A database that has not answered within this time counts as down. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;

/** The liveness report: the process answers, in this phase of its life. */
export function liveReport(phase: ServerPhase, startedAt: number, version: string): HealthLive {
  return { status: 'ok', phase, uptimeS: Math.round((Date.now() - startedAt) / 1000), version };
}

export type HealthService = {
  check: () => Promise<Health>;
  live: (phase: ServerPhase) => HealthLive;
};

/** Reports whether the server and its database answer. */
export function createHealthService(deps: {
  sensors: Pick<SensorsService, 'probe'>;
  version: string;
  startedAt: number;
}): HealthService {
  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      // Reading a sensor, not just any query: a database without the platform's tables is not up.
      return await Promise.race([deps.sensors.probe().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    live: (phase) => liveReport(phase, deps.startedAt, deps.version),
    async check() {
      const ok = await databaseAnswers();
      return {
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'down',
        uptimeS: Math.round((Date.now() - deps.startedAt) / 1000),
        version: deps.version,
      };
    },
  };
}
