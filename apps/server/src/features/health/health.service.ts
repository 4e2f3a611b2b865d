import type { Health, HealthLive, ServerPhase } from '@smart-city/shared';
import type { SensorsService } from '../sensors/sensors.service';

/** A database that has not answered within this time counts as down. */
const DATABASE_CHECK_TIMEOUT_MS = 3_000;
/**
 * How long one check's answer stands. A load balancer probes every process every second or two, and
 * a flood of health requests must not become a flood of queries: at most one runs at a time, and
 * its answer is reused this long.
 */
export const DATABASE_CHECK_REUSE_MS = 1_000;

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

  let last: { ok: Promise<boolean>; at: number } | undefined;
  function databaseAnswersLately(): Promise<boolean> {
    const now = Date.now();
    if (!last || now - last.at >= DATABASE_CHECK_REUSE_MS) {
      const ok = databaseAnswers();
      const entry = { ok, at: Infinity };
      last = entry;
      // Reused from when it answers: a check that waited out its timeout is not stale at once.
      void ok.then(() => (entry.at = Date.now()));
    }
    return last.ok;
  }

  return {
    live: (phase) => liveReport(phase, deps.startedAt, deps.version),
    async check() {
      const ok = await databaseAnswersLately();
      return {
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'down',
        uptimeS: Math.round((Date.now() - deps.startedAt) / 1000),
        version: deps.version,
      };
    },
  };
}
