import {
  AIR_QUALITY_CATEGORIES,
  airQualityWordsEn,
  CITY_COUNTRIES,
  findArea,
  computeAirQuality,
  POLLUTANT_UNITS,
  POLLUTANTS,
  standardOfCountry,
  type AirQuality,
  type AirQualityStandard,
  type AreaKey,
  type CityKey,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound } from '../../lib/domain-errors';
import { createVersionedCache } from '../../lib/versioned-cache';
import { deleteOldPollutantHours, pollutantHours } from './air-quality.repository';

const HOUR_MS = 3_600_000;

/** The hours an index looks back over: NAQI's 24-hour averages (the NowCast needs 12). */
const HOURS = 24;

/** Pollutant hours are kept this long: the index's day and one more for late readings. */
const KEPT_MS = 2 * 24 * HOUR_MS;

/** An index changes when an hour ends; within the hour it is read again at most this often. */
const FRESH_MS = 60_000;

/** The air-quality index standard a city reports by. */
export function standardOfCity(city: CityKey): AirQualityStandard {
  return standardOfCountry(CITY_COUNTRIES[city]) ?? 'US-EPA';
}

export type AirQualityService = ReturnType<typeof createAirQualityService>;

/**
 * A city's or an area's air-quality index by the city's own standard (India's NAQI, the US EPA's
 * AQI with NowCast), from the hourly means of its air sensors' pollutant concentrations over the
 * last ended hours. Where the data fall short of the standard's rules the index says so.
 */
export function createAirQualityService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db } = deps;
  const cache = createVersionedCache<AirQuality>({ maxAgeMs: FRESH_MS, maxEntries: 100 });
  /** The hour the kept indices were made in: the next one ends it. */
  let cachedHour = 0;

  async function compute(city: CityKey, area: AreaKey | null): Promise<AirQuality> {
    const found = area ? findArea(area) : undefined;
    if (area && found?.city !== city) throw new NotFound(`No area "${area}" in ${city}`);
    const circle = found ?? null;
    const to = new Date(Math.floor(deps.now().getTime() / HOUR_MS) * HOUR_MS);
    const from = new Date(to.getTime() - HOURS * HOUR_MS);
    const hours = await pollutantHours(db, city, circle, from, to);
    const series: Record<string, (number | null)[]> = {};
    for (const p of POLLUTANTS) series[p] = new Array<number | null>(HOURS).fill(null);
    for (const h of hours) {
      const slot = Math.round((h.hour.getTime() - from.getTime()) / HOUR_MS);
      if (slot < 0 || slot >= HOURS) continue;
      for (const [p, mean] of Object.entries(h.means)) series[p]![slot] = mean;
    }
    const standard = standardOfCity(city);
    const result = computeAirQuality(standard, series);
    const category = result.category
      ? AIR_QUALITY_CATEGORIES[standard].find((c) => c.key === result.category)
      : undefined;
    const words = airQualityWordsEn.category[standard] as Record<string, { name: string }>;
    return {
      city,
      area,
      standard,
      index: result.index,
      category: result.category,
      categoryName: result.category ? (words[result.category]?.name ?? null) : null,
      colour: category?.colour ?? null,
      dominantPollutant: result.dominantPollutant,
      subIndices: result.subIndices,
      concentrations: result.concentrations,
      units: POLLUTANT_UNITS[standard],
      at: to.toISOString(),
      complete: result.complete,
      incompleteReason: result.incompleteReason ?? null,
      sensors: hours.reduce((n, h) => Math.max(n, h.sensors), 0),
    };
  }

  return {
    /** The index now; the same answer is shared for a minute, within the hour, by every caller. */
    index(city: CityKey, area: AreaKey | null = null): Promise<AirQuality> {
      const t = deps.now().getTime();
      const hour = Math.floor(t / HOUR_MS);
      if (hour !== cachedHour) {
        cache.bump();
        cachedHour = hour;
      }
      return cache.get(`${city}:${area ?? ''}`, () => compute(city, area), t);
    },

    /** Forgets pollutant hours older than the index needs; answers how many went. */
    forgetOldHours(): Promise<number> {
      return deleteOldPollutantHours(db, new Date(deps.now().getTime() - KEPT_MS));
    },
  };
}
