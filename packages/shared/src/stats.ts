import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { cityKeySchema } from './cities';

/** `GET /api/stats?city=`: the counts the dashboard and the live banner show. */
export const statsSchema = z
  .object({
    totalSensors: z.number().int().nonnegative(),
    activeSensors: z.number().int().nonnegative(),
    /** Active (open or acknowledged) alerts. */
    alerts: z.number().int().nonnegative(),
    criticalAlerts: z.number().int().nonnegative(),
    /** The newest reading's time; null when there is none. */
    lastUpdate: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Stats' });

export type Stats = z.infer<typeof statsSchema>;

export const statsQuerySchema = z.object({ city: cityKeySchema.optional() });

/** Live `stats`: a city's counts after they changed. */
export const statsEventSchema = statsSchema.extend({ city: cityKeySchema });

export type StatsEvent = z.infer<typeof statsEventSchema>;

export const STATS_ENDPOINTS = {
  get: {
    method: 'get',
    path: '/api/stats',
    summary: 'Sensor and active-alert counts, for one city or all',
    tags: ['Sensors'],
    access: 'signed-in',
    query: statsQuerySchema,
    status: 200,
    response: statsSchema,
    description: 'The counts',
    errors: { 400: 'Unknown city' },
  },
} as const satisfies Record<string, Endpoint>;
