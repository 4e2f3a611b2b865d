import { MAX_INGEST_BATCH } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { IngestBusy, type IngestService } from '../ingest/ingest.service';
import type { SensorsService } from '../sensors/sensors.service';
import type { RandomSource } from './city-shapes';
import { createReadingGenerator, SIMULATOR_INTERVAL_MS, type SimulatedSensor } from './simulator';
import {
  claimForHistory,
  hasAnyReadings,
  insertHistoryReadings,
  insertHistoryRollups,
  type SensorHistory,
  type SensorRawHistory,
} from './simulator.repository';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Spacing of simulated history: one reading per sensor every 5 minutes. */
export const BACKFILL_STEP_MS = 5 * MINUTE_MS;

/**
 * Simulated history older than a day is stored in rollup rows of 15 minutes (three readings each),
 * and older than a week in rows of an hour: no window reads those ages in finer buckets (a week's
 * buckets are 15 minutes, a month's an hour), and a city of 170 sensors writes a third of the rows.
 * The last day stays one row a reading, for its 5-minute buckets.
 */
const BACKFILL_PACKING: readonly { olderThanMs: number; rowMs: number }[] = [
  { olderThanMs: 7 * DAY_MS, rowMs: HOUR_MS },
  { olderThanMs: DAY_MS, rowMs: 15 * MINUTE_MS },
];

/**
 * The minute of the rollup row a simulated reading at `t` goes into, for history ending at `until`.
 * Each age's span ends on a whole row of its own length, so no row straddles two ages.
 */
export function historyRowMinute(t: number, until: number): number {
  for (const { olderThanMs, rowMs } of BACKFILL_PACKING) {
    const end = Math.floor((until - olderThanMs) / rowMs) * rowMs;
    if (t < end) return Math.floor(t / rowMs) * rowMs;
  }
  return Math.floor(t / MINUTE_MS) * MINUTE_MS;
}

/**
 * How far back simulated history also goes into the raw readings (the rollups get all of it): a day,
 * so a sensor's 1 h and 24 h history, which read raw readings while they are few, show the same past
 * as its week.
 */
const BACKFILL_RAW_MS = DAY_MS;

/** Rows of simulated history written per statement. */
const ROWS_PER_STATEMENT = 2_000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type BackfillResult = { written: boolean; readings: number; ms: number };

/** The simulator's pace when none is configured (SIMULATOR_READINGS_PER_S). */
const DEFAULT_SIMULATOR_READINGS_PER_S = 2_000;

/**
 * Simulated history goes to this many sensors at most (the first in id order): a fresh database of
 * a large registry gets the shapes of its history without hours of writing.
 */
const BACKFILL_MAX_SENSORS = 500;

/** A page of the sensors the simulator speaks for, with their city's time zone, in id order. */
async function loadSimulatedSensors(
  sensors: Pick<SensorsService, 'listWithTimeZone'>,
  page: { afterId: string | null; limit: number },
): Promise<SimulatedSensor[]> {
  return (await sensors.listWithTimeZone(page)).map((s) => ({
    id: s.id,
    type: s.type,
    city: s.city_key,
    timeZone: s.time_zone,
    status: s.status,
    unit: s.unit,
    metadata: s.metadata ?? {},
  }));
}

/**
 * Feeds simulated readings for every seeded sensor through the ingest service, like any device would.
 * `tick` runs one round (tests call it directly); `start` repeats it every interval, after writing
 * `backfillDays` of simulated history when the database is fresh (see `backfill`).
 */
export function createSimulator(deps: {
  db: Kysely<Database>;
  sensors: SensorsService;
  ingest: IngestService;
  logger: Logger;
  random?: RandomSource;
  now?: () => Date;
  intervalMs?: number;
  /** Days of simulated history `start` writes on a fresh database; 0 writes none. */
  backfillDays?: number;
  /** Readings a second over the whole registry (SIMULATOR_READINGS_PER_S). */
  readingsPerS?: number;
}) {
  const intervalMs = deps.intervalMs ?? SIMULATOR_INTERVAL_MS;
  // A round speaks for this many sensors: all of a small registry, a larger one in turn.
  const perRound = Math.max(
    1,
    Math.round(((deps.readingsPerS ?? DEFAULT_SIMULATOR_READINGS_PER_S) * intervalMs) / 1000),
  );
  let roundAfterId: string | null = null;
  const now = deps.now ?? (() => new Date());
  const generator = createReadingGenerator(deps.random ?? Math.random);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  /**
   * Writes `days` of simulated history ending now, every BACKFILL_STEP_MS, with the same shapes as the
   * live readings (local time, rush hours, weekends, noise) but no faults: into the minute rollups
   * (packed by age, BACKFILL_PACKING), and the last BACKFILL_RAW_MS into the raw readings too. It
   * bypasses ingest, so no alert is raised and no sensor's latest value changes. Only on a database
   * without any reading (claimed under a lock with the first rows): never twice, never over real data.
   * It writes ROWS_PER_STATEMENT rows a statement and yields between them, so requests are served
   * meanwhile; `onClaimed` runs once the claim has committed. The generator's state (levels, bin
   * fill) carries on into live ticks.
   */
  async function backfill(
    days: number,
    options: { onClaimed?: () => void } = {},
  ): Promise<BackfillResult> {
    const started = performance.now();
    const done = (written: boolean, readings: number) => ({
      written,
      readings,
      ms: Math.round(performance.now() - started),
    });
    if (days <= 0 || (await hasAnyReadings(deps.db))) return done(false, 0);
    const sensors = await loadSimulatedSensors(deps.sensors, {
      afterId: null,
      limit: BACKFILL_MAX_SENSORS,
    });
    const until = now().getTime();
    const rawFrom = until - BACKFILL_RAW_MS;
    type Row = { minute: number; min: number; max: number; sum: number; count: number };
    const histories = new Map<
      string,
      { rollups: SensorHistory; raw: SensorRawHistory; row: Row | null }
    >();
    for (const s of sensors) {
      const raw = { sensorId: s.id, unit: s.unit ?? '', times: [], values: [], metadata: [] };
      const rollups = { sensorId: s.id, times: [], mins: [], maxes: [], sums: [], counts: [] };
      histories.set(s.id, { rollups, raw, row: null });
    }
    const flush = (h: { rollups: SensorHistory; row: Row | null }) => {
      if (!h.row) return;
      h.rollups.times.push(h.row.minute);
      h.rollups.mins.push(h.row.min);
      h.rollups.maxes.push(h.row.max);
      h.rollups.sums.push(h.row.sum);
      h.rollups.counts.push(h.row.count);
      h.row = null;
    };
    const first = Math.ceil((until - days * DAY_MS) / BACKFILL_STEP_MS) * BACKFILL_STEP_MS;
    let readings = 0;
    for (let t = first; t < until; t += BACKFILL_STEP_MS) {
      const at = new Date(t);
      const minute = historyRowMinute(t, until);
      for (const r of generator.tick(sensors, at, BACKFILL_STEP_MS, { faults: false })) {
        const h = histories.get(r.sensorId)!;
        if (h.row?.minute !== minute) {
          flush(h);
          h.row = { minute, min: r.value, max: r.value, sum: 0, count: 0 };
        }
        h.row.min = Math.min(h.row.min, r.value);
        h.row.max = Math.max(h.row.max, r.value);
        h.row.sum += r.value;
        h.row.count += 1;
        readings++;
        if (t >= rawFrom) {
          h.raw.times.push(t);
          h.raw.values.push(r.value);
          h.raw.metadata.push(r.metadata ? JSON.stringify(r.metadata) : null);
        }
      }
      // Six hours at a time, so the server keeps answering while it computes (and stops when asked).
      if ((t - first) % (6 * HOUR_MS) === 0) {
        await yieldToEventLoop();
        if (stopped) return done(false, 0);
      }
    }
    for (const h of histories.values()) flush(h);
    // Statements of a few thousand rows: each blocks an embedded database only briefly.
    const pieces: SensorHistory[] = [];
    for (const { rollups: h } of histories.values())
      for (let i = 0; i < h.times.length; i += ROWS_PER_STATEMENT) {
        const slice = (values: number[]) => values.slice(i, i + ROWS_PER_STATEMENT);
        pieces.push({
          sensorId: h.sensorId,
          times: slice(h.times),
          mins: slice(h.mins),
          maxes: slice(h.maxes),
          sums: slice(h.sums),
          counts: slice(h.counts),
        });
      }
    if (pieces.length === 0 || !(await claimForHistory(deps.db, pieces[0]!))) return done(false, 0);
    options.onClaimed?.();
    for (const piece of pieces.slice(1)) {
      if (stopped) break;
      await insertHistoryRollups(deps.db, piece);
      await yieldToEventLoop();
    }
    for (const h of histories.values()) {
      if (stopped) break;
      if (h.raw.times.length > 0) await insertHistoryReadings(deps.db, h.raw);
    }
    return done(true, readings);
  }

  /**
   * One round: the next `perRound` sensors of the registry in id order (wrapping around at its end),
   * their readings sent through ingest in batches of at most MAX_INGEST_BATCH. A small registry is
   * read whole every round; a large one is walked a page at a time, never loaded at once.
   */
  async function tick(): Promise<number> {
    let sensors = await loadSimulatedSensors(deps.sensors, {
      afterId: roundAfterId,
      limit: perRound,
    });
    if (sensors.length < perRound && roundAfterId !== null) {
      const seen = new Set(sensors.map((s) => s.id));
      const more = await loadSimulatedSensors(deps.sensors, {
        afterId: null,
        limit: perRound - sensors.length,
      });
      sensors = [...sensors, ...more.filter((s) => !seen.has(s.id))];
    }
    roundAfterId = sensors.length < perRound ? null : (sensors[sensors.length - 1]?.id ?? null);
    const readings = generator.tick(sensors, now(), intervalMs);
    let accepted = 0;
    for (let i = 0; i < readings.length; i += MAX_INGEST_BATCH) {
      try {
        const batch = readings.slice(i, i + MAX_INGEST_BATCH);
        accepted += (await deps.ingest.ingest(batch, { channel: 'simulator' })).accepted;
      } catch (err) {
        // Real devices come first: while ingest is at its bound, the rest of this round is skipped
        // (and counted as throttled).
        if (err instanceof IngestBusy) break;
        throw err;
      }
    }
    return accepted;
  }

  return {
    tick,
    backfill,
    start() {
      if (timer || starting) return;
      stopped = false;
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
      // Live rounds begin as soon as the history has claimed the database (or found it in use).
      const live = () => {
        if (stopped || timer) return;
        run();
        timer = setInterval(run, intervalMs);
      };
      const days = deps.backfillDays ?? 0;
      starting = (days > 0 ? backfill(days, { onClaimed: live }) : Promise.resolve(null))
        .then((result) => {
          if (result?.written)
            deps.logger.info(
              { days, readings: result.readings, ms: result.ms },
              'simulated sensor history written',
            );
        })
        .catch((err: unknown) => deps.logger.error({ err }, 'simulated sensor history failed'))
        .finally(() => {
          starting = undefined;
          live();
        });
    },
    async stop() {
      stopped = true;
      await starting;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
