import { z } from 'zod';
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
