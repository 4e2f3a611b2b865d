import { cityKeySchema } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { createUnitOfWork } from '../../lib/unit-of-work';
import type { DomainEvents } from '../../live/domain-events';
import type { Metrics } from '../../metrics/metrics';
import type { SensorsService } from '../sensors/sensors.service';
import type { ReadingsService } from './readings.service';

/** The shortest time between two folds while readings keep arriving. */
const FOLD_MIN_GAP_MS = 1_000;

/** The longest: the rollups and latest values are never further behind than this and one fold. */
const FOLD_MAX_GAP_MS = 15_000;

/**
 * Between folds, this many times as long as the last fold took. A fold's cost is mostly one row
 * update per sensor that reported, so when folds grow slow (many sensors), waiting longer lets each
 * sensor's readings of the interval share one update: under load the work per reading falls, and
 * folding takes at most a twentieth of the time. A quiet city still folds every second.
 */
const FOLD_GAP_PER_FOLD_TIME = 20;

// Conflicts that a fresh attempt resolves: deadlock (the offline check updates sensors too),
// serialization failure.
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

export type FoldResult = { readings: number; sensors: number };

/**
 * The deferred half of ingest. A batch stores its raw readings and judges them at once; the fold
 * then applies every committed batch's readings to the minute rollups and to each sensor's latest
 * value, one statement each for all of them, and announces the sensors that came back online and
 * the cities whose figures changed. Folds run one at a time per process (and per database, through
 * the fold's row lock); `soon` asks for one after a batch, `now` runs one and waits for it.
 */
export function createReadingsFold(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  readings: Pick<ReadingsService, 'foldCutoff' | 'claimFold' | 'rollUp'>;
  sensors: Pick<SensorsService, 'applyFoldedReadings' | 'publishStatus'>;
  logger: Logger;
  metrics: Metrics;
  /** The shortest time between two folds asked for by `soon` (FOLD_MIN_GAP_MS by default). */
  minGapMs?: number;
}) {
  const minGapMs = deps.minGapMs ?? FOLD_MIN_GAP_MS;
  const unitOfWork = createUnitOfWork(deps.db, deps.events);
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastEndedAt = performance.now();
  let lastTookMs = 0;
  let stopped = false;
  let folding = false;
  let wantedAgain = false;

  /**
   * One fold in one unit of work: once it commits, the cities whose latest values moved hear of
   * it (`readings:folded`, for their figures), and so do the viewers of sensors back online.
   */
  async function foldOnce(): Promise<FoldResult | null> {
    const cutoff = await deps.readings.foldCutoff();
    return unitOfWork(async (unit) => {
      const range = await deps.readings.claimFold(unit.trx, cutoff);
      if (!range) return null;
      const readings = await deps.readings.rollUp(unit.trx, range);
      const latest = await deps.sensors.applyFoldedReadings(unit.trx, range);
      const cities = latest.map((l) => cityKeySchema.parse(l.city_key));
      if (cities.length > 0) unit.publish('readings:folded', { cities });
      const backOnline = latest.flatMap((l) =>
        l.back_online.map((s) => ({ id: s.id, city_key: l.city_key, metadata: s.metadata })),
      );
      deps.sensors.publishStatus(unit, backOnline, 'active');
      unit.afterCommit(() => deps.metrics.readingsFolded.inc(readings));
      return { readings, sensors: latest.reduce((n, l) => n + l.sensors, 0) };
    });
  }

  async function fold(): Promise<FoldResult> {
    const started = performance.now();
    const stopTimer = deps.metrics.readingsFoldDuration.startTimer();
    try {
      let result: FoldResult | null | undefined;
      for (let attempt = 1; result === undefined; attempt++) {
        try {
          result = await foldOnce();
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
          deps.logger.debug({ code, attempt }, 'readings fold conflicted; retrying');
        }
      }
      return result ?? { readings: 0, sensors: 0 };
    } finally {
      stopTimer();
      lastEndedAt = performance.now();
      lastTookMs = lastEndedAt - started;
    }
  }

  /** Runs a fold after any one in progress, and resolves with what it folded. */
  function now(): Promise<FoldResult> {
    const next = queue.then(fold);
    queue = next.catch(() => undefined);
    return next;
  }

  /** Asks for a fold once the gap since the last one has passed (one pending request at most). */
  function soon(): void {
    if (stopped) return;
    // While a fold asked for this way runs, the next is counted from its end, not its start.
    if (folding) {
      wantedAgain = true;
      return;
    }
    if (timer) return;
    const gap = Math.max(minGapMs, Math.min(FOLD_MAX_GAP_MS, FOLD_GAP_PER_FOLD_TIME * lastTookMs));
    const wait = Math.max(0, lastEndedAt + gap - performance.now());
    timer = setTimeout(() => {
      timer = undefined;
      folding = true;
      void now()
        .catch((err: unknown) => deps.logger.error({ err }, 'folding readings failed'))
        .finally(() => {
          folding = false;
          if (wantedAgain) {
            wantedAgain = false;
            soon();
          }
        });
    }, wait);
    // Pending readings are folded at the next start anyway: the timer keeps no process alive.
    timer.unref();
  }

  return {
    now,

    /** Asks for a fold once the gap since the last one has passed (one pending request at most). */
    soon,

    /** Stops asking for folds and folds what is left, so nothing waits for the next start. */
    stop: async (): Promise<void> => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await now().catch((err: unknown) =>
        deps.logger.error({ err }, 'folding readings at shutdown failed'),
      );
    },
  };
}
