import {
  cityKeySchema,
  ERROR_CODES,
  sensorStatusSchema,
  type LiveReading,
  type ReadingInput,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { DomainEvents } from '../../live/domain-events';
import { applyAlertRules, type EngineReading } from '../alerts/alert-engine';
import type { AlertsService } from '../alerts/alerts.service';
import { insertReadings } from '../readings/readings.repository';
import { lockSensors, updateLatestReadings, type IngestSensor } from './ingest.repository';
import { readingProblem } from './reading-checks';

/** One refused reading: its index in the batch and why. */
export type ReadingIssue = { index: number; path: string; message: string };

/** A batch refused as a whole; `issues` names every failing reading. */
/** Sensor statuses whose readings the alert rules judge. */
const RULED_STATUSES: ReadonlySet<string> = new Set(['active', 'offline']);

export class IngestRejected extends HttpError {
  constructor(readonly issues: ReadingIssue[]) {
    const shown = issues
      .slice(0, 5)
      .map((i) => `#${i.index} ${i.message}`)
      .join('; ');
    super(
      400,
      ERROR_CODES.invalidInput,
      `${issues.length} reading${issues.length === 1 ? '' : 's'} refused, nothing stored: ${shown}` +
        (issues.length > 5 ? '; …' : ''),
      issues,
    );
    this.name = 'IngestRejected';
  }
}

export type IngestOptions = {
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
 * The one way readings enter the platform (HTTP, MQTT, simulator): validate, store the batch and its
 * rollups, update each sensor's latest value, apply the alert rules — all in one transaction — and
 * announce the results once it has committed.
 */
export function createIngestService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  alerts: AlertsService;
  logger: Logger;
  now: () => Date;
}) {
  const { db, events } = deps;

  async function store(readings: ReadingInput[], options: IngestOptions, now: Date) {
    const at = readings.map((r) => (r.timestamp ? new Date(r.timestamp) : now));
    const ids = [...new Set(readings.map((r) => r.sensorId))];
    return db.transaction().execute(async (trx) => {
      const sensors = new Map<string, IngestSensor>(
        (await lockSensors(trx, ids)).map((s) => [s.id, s]),
      );
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

      const timestamps = at.map((d) => d.toISOString());
      await insertReadings(trx, {
        sensorIds: readings.map((r) => r.sensorId),
        values: readings.map((r) => r.value),
        units: readings.map((r) => r.unit ?? sensors.get(r.sensorId)!.unit),
        timestamps,
        metadata: readings.map((r) => (r.metadata ? JSON.stringify(r.metadata) : null)),
      });

      // Each sensor's readings in time order, for the rules and the latest value.
      const bySensor = new Map<IngestSensor, EngineReading[]>();
      const engineSensors = new Map<string, IngestSensor>();
      readings.forEach((r, index) => {
        let sensor = engineSensors.get(r.sensorId);
        if (!sensor) {
          sensor = sensors.get(r.sensorId)!;
          engineSensors.set(r.sensorId, sensor);
          bySensor.set(sensor, []);
        }
        bySensor.get(sensor)!.push({ value: r.value, at: at[index]!, metadata: r.metadata });
      });
      const latest: { sensor: IngestSensor; reading: EngineReading }[] = [];
      for (const [sensor, list] of bySensor) {
        list.sort((a, b) => a.at.getTime() - b.at.getTime());
        latest.push({ sensor, reading: list[list.length - 1]! });
      }
      await updateLatestReadings(trx, {
        ids: latest.map((l) => l.sensor.id),
        values: latest.map((l) => l.reading.value),
        timestamps: latest.map((l) => l.reading.at.toISOString()),
      });
      // A sensor in maintenance or switched off still records, but raises nothing.
      const ruled = new Map([...bySensor].filter(([s]) => RULED_STATUSES.has(s.status)));
      const changes = await applyAlertRules(trx, ruled, now);
      const backOnline = latest.map((l) => l.sensor).filter((s) => s.status === 'offline');
      for (const s of backOnline) changes.countsChanged.add(s.city_key);
      return { latest, changes, backOnline };
    });
  }

  return {
    /** Stores 1–5,000 readings all or nothing; throws IngestRejected naming every bad one. */
    async ingest(
      readings: ReadingInput[],
      options: IngestOptions = {},
    ): Promise<{ accepted: number }> {
      if (readings.length === 0) return { accepted: 0 };
      const now = deps.now();
      let result: Awaited<ReturnType<typeof store>> | undefined;
      for (let attempt = 1; !result; attempt++) {
        try {
          result = await store(readings, options, now);
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
          deps.logger.debug({ code, attempt }, 'ingest batch conflicted; retrying');
        }
      }

      // Committed: now tell the live gateway.
      const byCity = new Map<string, LiveReading[]>();
      for (const { sensor, reading } of result.latest) {
        let list = byCity.get(sensor.city_key);
        if (!list) byCity.set(sensor.city_key, (list = []));
        list.push({
          sensorId: sensor.id,
          value: reading.value,
          unit: sensor.unit,
          timestamp: reading.at.toISOString(),
        });
      }
      for (const [city, list] of byCity)
        events.emit('readings.stored', { city: cityKeySchema.parse(city), readings: list });
      for (const sensor of result.backOnline) {
        events.emit('sensor.updated', {
          id: sensor.id,
          city: cityKeySchema.parse(sensor.city_key),
          status: sensorStatusSchema.parse('active'),
          metadata: sensor.metadata,
        });
      }
      await deps.alerts.announce(result.changes);
      return { accepted: readings.length };
    },
  };
}
