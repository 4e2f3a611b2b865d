import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { alertSeveritySchema } from './alerts';
import { AQI_BANDS, type AqiBand } from './analytics';
import { areaKeySchema } from './areas';
import { cityKeySchema } from './cities';
import { emergencyNumberSchema } from './emergency';

/** `GET /api/home?city=`. */
export const homeQuerySchema = z.object({ city: cityKeySchema });

/**
 * What a part of the answer covers: the person's area, or the whole city when they have none there
 * or no sensor of the kind stands in it.
 */
export const homeScopeSchema = z.enum(['area', 'city']);
export type HomeScope = z.infer<typeof homeScopeSchema>;

export const aqiBandSchema = z.enum(AQI_BANDS.map((b) => b.band) as [AqiBand, ...AqiBand[]]);

/** How congested a junction is, in the words residents use, from its congestion in percent. */
export const CONGESTION_LEVELS = ['light', 'moderate', 'heavy', 'very-heavy'] as const;
export type CongestionLevel = (typeof CONGESTION_LEVELS)[number];

/**
 * Light below 40 %, moderate below the warning level (70 %), heavy below the critical one (90 %),
 * very heavy from there.
 */
export function congestionLevel(percent: number): CongestionLevel {
  if (percent >= 90) return 'very-heavy';
  if (percent >= 70) return 'heavy';
  if (percent >= 40) return 'moderate';
  return 'light';
}

/** A supply meter whose flow is below this share of its rated flow counts as running low. */
export const LOW_SUPPLY_SHARE = 0.5;

/** What an alert is about, as a resident would put it; sensor ids and rules stay out of it. */
export const HOME_ALERT_KINDS = ['traffic', 'air_quality', 'waste', 'energy', 'water'] as const;

export const homeAlertSchema = z.object({
  kind: z.enum(HOME_ALERT_KINDS),
  severity: alertSeveritySchema,
  /** The place name where it is. */
  place: z.string(),
  since: z.iso.datetime(),
  /**
   * The reading that keeps it active (a bin's fill in percent, a junction's congestion), or null
   * when its rule has none: what tells a full bin from an overflowing one.
   */
  value: z.number().nullable(),
});
export type HomeAlert = z.infer<typeof homeAlertSchema>;

/** `GET /api/home?city=`: what affects the signed-in person now, in their area or their city. */
export const homeSummarySchema = z
  .object({
    city: cityKeySchema,
    /** The person's area when it is in this city; null otherwise. */
    area: z.object({ key: areaKeySchema, name: z.string() }).nullable(),
    generatedAt: z.iso.datetime(),
    air: z.object({
      scope: homeScopeSchema,
      /**
       * The mean AQI of the reporting air-quality sensors, in whole points; null without any. For
       * the city it is the dashboard's air card figure, rounded.
       */
      aqi: z.number().int().nonnegative().nullable(),
      band: aqiBandSchema.nullable(),
      sensors: z.number().int().nonnegative(),
    }),
    water: z.object({
      scope: homeScopeSchema,
      /** Reporting supply meters; `low` of them run below LOW_SUPPLY_SHARE of their rated flow. */
      meters: z.number().int().nonnegative(),
      low: z.number().int().nonnegative(),
    }),
    traffic: z.object({
      scope: homeScopeSchema,
      /** Reporting junctions. */
      junctions: z.number().int().nonnegative(),
      /** The busiest places, busiest first. */
      hotSpots: z.array(
        z.object({
          place: z.string(),
          congestion: z.number().int().min(0).max(100),
          level: z.enum(CONGESTION_LEVELS),
        }),
      ),
    }),
    alerts: z.object({
      scope: homeScopeSchema,
      /** The worst and newest active alerts in scope (a sensor going silent is left out). */
      items: z.array(homeAlertSchema),
      total: z.number().int().nonnegative(),
      /** Active alerts in the whole city, for "and N elsewhere". */
      cityTotal: z.number().int().nonnegative(),
    }),
    /** The newest city notices. */
    notices: z.array(
      z.object({ id: z.string(), title: z.string(), publishedAt: z.iso.datetime() }),
    ),
    emergencyNumbers: z.array(emergencyNumberSchema),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof homeSummarySchema>;

/** How many of each list the answer carries. */
export const HOME_LIMITS = { hotSpots: 3, alerts: 5, notices: 3 } as const;

export const HOME_ENDPOINTS = {
  get: {
    method: 'get',
    path: '/api/home',
    summary:
      'What affects the signed-in person now, in their area of the city or the whole city: air, water supply, traffic, alerts near them, notices and the numbers to call',
    tags: ['Home'],
    access: 'signed-in',
    query: homeQuerySchema,
    status: 200,
    response: homeSummarySchema,
    description: 'The summary',
    errors: { 400: 'Unknown or missing city' },
  },
} as const satisfies Record<string, Endpoint>;
