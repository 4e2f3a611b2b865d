import { z } from 'zod';

/** `GET /api/health`: 200 with `status: "ok"`, or 503 with `database: "down"`. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'down']),
    uptimeS: z.number().nonnegative(),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
