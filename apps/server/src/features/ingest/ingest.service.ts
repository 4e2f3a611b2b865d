import { cityKeySchema, type LiveReading, type ReadingInput } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { isoFromMicros } from '../../lib/micro-time';
import type { DomainEvents, StoredReading } from '../../live/domain-events';
import type { IngestChannel, Metrics } from '../../metrics/metrics';
import type { AlertsService, EngineReading } from '../alerts/alerts.service';
import type { ReadingsService } from '../readings/readings.service';
import type { ReadingSensor, SensorsService } from '../sensors/sensors.service';
import { createIngestAdmission, IngestBusy } from './ingest-admission';

export { IngestBusy } from './ingest-admission';
import { readingProblem } from './reading-checks';
import { Invalid } from '../../lib/domain-errors';
import { createUnitOfWork, type Work } from '../../lib/unit-of-work';

/** One refused reading: its index in the batch and why. */
export type ReadingIssue = { index: number; path: string; message: string };

/** Sensor statuses whose readings the alert rules judge. */
const RULED_STATUSES: ReadonlySet<string> = new Set(['active', 'offline', 'pending']);

/** A batch refused as a whole; `issues` names every failing reading. */
export class IngestRejected extends Invalid {
  constructor(readonly issues: ReadingIssue[]) {
    const shown = issues
      .slice(0, 5)
      .map((i) => `#${i.index} ${i.message}`)
      .join('; ');
    super(
      `${issues.length} reading${issues.length === 1 ? '' : 's'} refused, nothing stored: ${shown}` +
        (issues.length > 5 ? '; …' : ''),
      issues,
    );
  }
}

export type IngestOptions = {
  /** Where the readings came from, for the metrics (HTTP unless said). */
  channel?: IngestChannel;
  /** Only sensors of this city are accepted (a device key bound to a city). */
  city?: string | null;
  /** Per reading, the city its sender named (an MQTT topic); a sensor of another city is refused. */
  cities?: readonly (string | undefined)[];
};

// Conflicts that a fresh attempt resolves: deadlock, serialization failure, a racing alert insert.
const RETRYABLE = new Set(['40P01', '40001', '23505']);
const ATTEMPTS = 3;

export type IngestService = ReturnType<typeof createIngestService>;

/**
 * A stored batch: `accepted` readings in it, of which `duplicates` had been stored before (the same
 * sensor at the same instant) and were skipped, so a retried batch is stored once.
 */
export type IngestResult = { accepted: number; duplicates: number };

/**
 * The one way readings enter the platform (HTTP, MQTT, simulator): validate, store the raw batch and
 * apply the alert rules in one transaction, and announce the readings and alerts once it has
 * committed. The minute rollups and each sensor's latest value follow with the next fold
 * (`readings/readings-fold.ts`), seconds later, for all batches at once.
 */
export function createIngestService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  sensors: SensorsService;
  readings: ReadingsService;
  alerts: AlertsService;
  /** Asks for a fold of the readings stored (the rollups and latest values follow with it). */
  foldSoon: () => void;
  logger: Logger;
  metrics: Metrics;
  now: () => Date;
  /** Readings that may be being stored at once; past it, ingest refuses with IngestBusy. */
  maxInFlightReadings: number;
}) {
  const { metrics } = deps;
  const admission = createIngestAdmission(deps);
  const unitOfWork = createUnitOfWork(deps.db, deps.events);

  /** Each sensor's readings in time order, for the rules and the latest value. */
  function bySensorOf(readings: readonly ReadingInput[], at: readonly Date[]) {
    const bySensorId = new Map<string, EngineReading[]>();
    readings.forEach((r, index) => {
      let list = bySensorId.get(r.sensorId);
      if (!list) bySensorId.set(r.sensorId, (list = []));
      list.push({ value: r.value, at: at[index]!, metadata: r.metadata });
    });
    for (const list of bySensorId.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());
    return bySensorId;
  }

  /**
   * Publishes each sensor's latest reading of a batch once it commits: to the city's live viewers
   * and to the listeners inside the server; then a fold is asked for, which rolls them up.
   */
  function publishReadings(
    unit: Work,
    latest: readonly { sensor: ReadingSensor; reading: EngineReading }[],
  ) {
    const byCity = new Map<string, LiveReading[]>();
    const stored: StoredReading[] = [];
    for (const { sensor, reading } of latest) {
      const timestamp = reading.at.toISOString();
      let list = byCity.get(sensor.city_key);
      if (!list) byCity.set(sensor.city_key, (list = []));
      list.push({ sensorId: sensor.id, value: reading.value, unit: sensor.unit, timestamp });
      stored.push({
        sensorId: sensor.id,
        type: sensor.type,
        city: sensor.city_key,
        location: sensor.location,
        value: reading.value,
        timestamp,
      });
    }
    for (const city of byCity.keys())
      unit.publish('readings', { city: cityKeySchema.parse(city), readings: byCity.get(city)! });
    unit.publish('readings:stored', { readings: stored });
    unit.afterCommit(deps.foldSoon);
  }

  /** `copies`: the batch met a reading stored before, and is stored skipping such readings. */
  async function store(
    readings: ReadingInput[],
    options: IngestOptions,
    now: Date,
    copies: boolean,
  ) {
    const nowMicros = now.getTime() * 1000;
    const at = readings.map((r) => (r.timestamp ? new Date(r.timestamp) : now));
    const ids = [...new Set(readings.map((r) => r.sensorId))].sort();
    return unitOfWork(async (unit) => {
      await deps.readings.beginStoring(unit.trx);
      const found = await deps.sensors.forReadings(unit.trx, ids);
      const sensors = new Map<string, ReadingSensor>(found.map((s) => [s.id, s]));
      const issues: ReadingIssue[] = [];
      readings.forEach((r, index) => {
        const sensor = sensors.get(r.sensorId);
        const expectedCity = options.cities?.[index] ?? options.city ?? null;
        let message: string | null;
        if (!sensor) message = `unknown sensor "${r.sensorId}"`;
        else if (expectedCity && sensor.city_key !== expectedCity)
          message = `sensor "${r.sensorId}" is not in ${expectedCity}`;
        else
          message = readingProblem(sensor, { value: r.value, unit: r.unit, at: at[index]! }, now);
        if (message) issues.push({ index, path: `readings.${index}`, message });
      });
      if (issues.length > 0) throw new IngestRejected(issues);

      const storedNow = await deps.readings.store(
        unit.trx,
        {
          sensorIds: readings.map((r) => r.sensorId),
          values: readings.map((r) => r.value),
          units: readings.map((r) => r.unit ?? sensors.get(r.sensorId)!.unit),
          // As sent (ISO 8601, checked), or the batch's time, a microsecond apart in the order
          // sent: two readings of one sensor in a batch are two readings. PostgreSQL reads either.
          timestamps: readings.map((r, i) => r.timestamp ?? isoFromMicros(nowMicros + i)),
          metadata: readings.map((r) => (r.metadata ? JSON.stringify(r.metadata) : null)),
        },
        { copies },
      );
      // Readings stored before (a redelivery, a retry) were judged and announced then: only the
      // new ones go to the rules and the live views.
      const fresh = storedNow ?? readings.map((_, index) => index);
      const bySensorId = bySensorOf(
        fresh.map((index) => readings[index]!),
        fresh.map((index) => at[index]!),
      );
      const sensorsStored = [...bySensorId.keys()].sort();
      const bySensor = new Map<ReadingSensor, EngineReading[]>(
        sensorsStored.map((id) => [sensors.get(id)!, bySensorId.get(id)!]),
      );
      const latest = sensorsStored.map((id) => ({
        sensor: sensors.get(id)!,
        reading: bySensorId.get(id)!.at(-1)!,
      }));
      // A sensor in maintenance or switched off still records, but raises nothing.
      const ruled = new Map([...bySensor].filter(([s]) => RULED_STATUSES.has(s.status)));
      // The readings go out first, then the alerts they raised.
      publishReadings(unit, latest);
      await deps.alerts.applyRules(unit, ruled, now);
      return { duplicates: readings.length - fresh.length };
    });
  }

  /** Stores one admitted batch and, once committed, announces it (see `ingest`). */
  async function storeAndAnnounce(
    readings: ReadingInput[],
    options: IngestOptions,
  ): Promise<IngestResult> {
    const now = deps.now();
    let result: Awaited<ReturnType<typeof store>> | undefined;
    let copies = false;
    for (let attempt = 1; !result; attempt++) {
      try {
        result = await store(readings, options, now, copies);
      } catch (err) {
        // A reading stored before: the batch is stored again, skipping what is there already.
        if (!copies && deps.readings.isStoredReading(err)) {
          copies = true;
          attempt -= 1;
          continue;
        }
        const code = (err as { code?: unknown }).code;
        if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
        deps.logger.debug({ code, attempt }, 'ingest batch conflicted; retrying');
      }
    }

    return { accepted: readings.length, duplicates: result.duplicates };
  }

  return {
    /**
     * Stores 1–5,000 readings all or nothing and announces them; throws IngestRejected naming
     * every bad one, or IngestBusy (nothing stored) while the bound on readings in flight is reached.
     */
    async ingest(readings: ReadingInput[], options: IngestOptions = {}): Promise<IngestResult> {
      if (readings.length === 0) return { accepted: 0, duplicates: 0 };
      const channel = options.channel ?? 'http';
      let release: () => void;
      try {
        release = admission.admit(readings.length);
      } catch (err) {
        if (err instanceof IngestBusy)
          metrics.ingestReadings.inc({ channel, outcome: 'throttled' }, readings.length);
        throw err;
      }
      const stopTimer = metrics.ingestBatchDuration.startTimer({ channel });
      try {
        const result = await storeAndAnnounce(readings, options);
        metrics.ingestReadings.inc(
          { channel, outcome: 'accepted' },
          result.accepted - result.duplicates,
        );
        if (result.duplicates > 0)
          metrics.ingestReadings.inc({ channel, outcome: 'duplicate' }, result.duplicates);
        return result;
      } catch (err) {
        if (err instanceof IngestRejected)
          metrics.ingestReadings.inc({ channel, outcome: 'refused' }, err.issues.length);
        throw err;
      } finally {
        stopTimer();
        release();
      }
    },
    /** Whether a batch of `count` readings would be admitted now (MQTT waits instead of failing). */
    hasRoomFor: admission.hasRoomFor,
    /** True when no batch is admitted now: HTTP refuses before reading the body. */
    isSaturated: admission.isSaturated,
  };
}
