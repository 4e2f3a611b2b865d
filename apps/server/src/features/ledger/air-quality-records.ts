import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { createUnitOfWork } from '../../lib/unit-of-work';
import { dayBefore, localDate, startOfLocalDay } from '../../lib/zoned-day';
import type { DomainEvents, StoredReading } from '../../live/domain-events';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { CitiesService } from '../cities/cities.service';
import type { LedgerService } from './ledger.service';
import {
  claimDailySummary,
  findUnusualAirQualityBands,
  lockAirQualityBands,
  saveAirQualityBand,
} from './ledger.repository';

/** AQI above this is recorded as a crossing into unhealthy air; below AQI_LOW into very clean air. */
const AQI_HIGH = 150;
const AQI_LOW = 25;
/**
 * A sensor leaves a band only this far back inside the normal range: readings wobbling around 150
 * would otherwise record a crossing every few seconds.
 */
const AQI_HYSTERESIS = 10;

export type AqiBand = 'high' | 'low' | 'normal';

/** The band a reading puts a sensor in, given the band it was in. */
export function bandAfter(previous: AqiBand, aqi: number): AqiBand {
  if (aqi > AQI_HIGH) return 'high';
  if (aqi < AQI_LOW) return 'low';
  if (previous === 'high' && aqi > AQI_HIGH - AQI_HYSTERESIS) return 'high';
  if (previous === 'low' && aqi < AQI_LOW + AQI_HYSTERESIS) return 'low';
  return 'normal';
}

/** How long readings gather before their bands are checked, in one transaction for all of them. */
const GATHER_MS = 500;

/**
 * Records in the ledger each time an air-quality sensor crosses above AQI 150 or below AQI 25 (once
 * per crossing, even with several server processes: the band is kept in the database and changed
 * in the same transaction as the entry), and one daily summary per city.
 */
export function createAirQualityRecords(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  ledger: LedgerService;
  cities: Pick<CitiesService, 'list'>;
  analytics: Pick<AnalyticsService, 'spanFigures'>;
  /** Folds stored readings into the rollups the summaries read (the day's last seconds included). */
  foldReadings: () => Promise<unknown>;
  logger: Logger;
  now: () => Date;
}) {
  const { db, ledger, logger } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);
  const gathered = new Map<string, StoredReading>();
  let timer: NodeJS.Timeout | undefined;
  let recording: Promise<number> | undefined;

  /** Checks the gathered readings' bands and records each crossing; returns how many were recorded. */
  async function recordCrossings(): Promise<number> {
    timer = undefined;
    const gatheredReadings = [...gathered.values()];
    gathered.clear();
    // Nearly every reading leaves its sensor in the band it was in. One read without locks finds
    // the sensors outside the normal band; only a reading that would change its sensor's band is
    // looked at again below, under lock, where the band is decided.
    const unusual = await findUnusualAirQualityBands(
      db,
      gatheredReadings.map((r) => r.sensorId),
    );
    const readings = gatheredReadings.filter((r) => {
      const band = (unusual.get(r.sensorId) ?? 'normal') as AqiBand;
      return bandAfter(band, r.value) !== band;
    });
    if (readings.length === 0) return 0;
    let recorded = 0;
    await unitOfWork(async (unit) => {
      const ids = readings.map((r) => r.sensorId).sort();
      const bands = await lockAirQualityBands(unit.trx, ids, deps.now());
      for (const reading of readings) {
        const previous = (bands.get(reading.sensorId) ?? 'normal') as AqiBand;
        const band = bandAfter(previous, reading.value);
        if (band === previous) continue;
        await saveAirQualityBand(unit.trx, {
          sensor_id: reading.sensorId,
          band,
          changed_at: new Date(reading.timestamp),
        });
        if (band === 'normal') continue;
        await ledger.record(unit, {
          type: 'air_quality.crossed',
          payload: {
            sensorId: reading.sensorId,
            city: reading.city,
            location: reading.location,
            aqi: reading.value,
            // Which bound, as facts for each reader's words, and in English for the record.
            direction: band === 'high' ? 'above' : 'below',
            bound: band === 'high' ? AQI_HIGH : AQI_LOW,
            crossed: band === 'high' ? `above ${AQI_HIGH}` : `below ${AQI_LOW}`,
            measuredAt: reading.timestamp,
          },
          at: deps.now(),
          ref: `aqi:${reading.sensorId}:${reading.timestamp}`,
        });
        recorded++;
      }
    });
    return recorded;
  }

  function flush(): Promise<number> {
    if (timer) clearTimeout(timer);
    recording = (recording ?? Promise.resolve(0))
      .catch(() => 0)
      .then(() => (gathered.size > 0 ? recordCrossings() : 0));
    return recording;
  }

  const off = deps.events.on('readings:stored', ({ readings }) => {
    for (const reading of readings) {
      if (reading.type !== 'air_quality') continue;
      const known = gathered.get(reading.sensorId);
      if (!known || Date.parse(known.timestamp) <= Date.parse(reading.timestamp))
        gathered.set(reading.sensorId, reading);
    }
    timer ??= setTimeout(() => {
      flush().catch((err: unknown) =>
        logger.error({ err }, 'recording air-quality crossings failed'),
      );
    }, GATHER_MS);
  });

  return {
    /** Records the crossings of the readings gathered so far, now. */
    flush,

    /**
     * Records yesterday's air-quality summary of every city that has none yet (a city's own day, in
     * its time zone); returns how many were recorded.
     */
    async recordDailySummaries(): Promise<number> {
      const now = deps.now();
      await deps.foldReadings();
      let recorded = 0;
      for (const city of await deps.cities.list()) {
        const day = dayBefore(localDate(now, city.timeZone));
        const from = startOfLocalDay(day, city.timeZone);
        const to = startOfLocalDay(localDate(now, city.timeZone), city.timeZone);
        const figures = await deps.analytics.spanFigures(city.key, 'air_quality', from, to);
        if (figures.readings === 0) continue;
        const round = (value: number | null) =>
          value === null ? null : Math.round(value * 10) / 10;
        const made = await unitOfWork(async (unit) => {
          if (!(await claimDailySummary(unit.trx, city.key, day))) return false;
          await ledger.record(unit, {
            type: 'air_quality.daily',
            payload: {
              city: city.key,
              day,
              meanAqi: round(figures.mean),
              minAqi: round(figures.min),
              maxAqi: round(figures.max),
              readings: figures.readings,
              sensors: figures.sensors,
            },
            at: now,
            ref: `aqi-daily:${city.key}:${day}`,
          });
          return true;
        });
        if (made) recorded++;
      }
      return recorded;
    },

    stop() {
      off();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
