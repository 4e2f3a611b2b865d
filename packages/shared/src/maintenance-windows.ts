import { z } from 'zod';
import { findArea, areaKeySchema } from './areas';
import { cityKeySchema } from './cities';
import { sensorTypeSchema } from './sensors';

/** The longest a maintenance window may last: a month, so no sensor is silenced and forgotten. */
export const MAINTENANCE_WINDOW_MAX_DAYS = 30;

/** The longest reason an admin may give for a window. */
export const MAINTENANCE_REASON_MAX_LENGTH = 500;

/** The most sensors one window may name; larger sets are a type, an area or the whole city. */
export const MAINTENANCE_SENSOR_IDS_MAX = 1_000;

/** How long an ended window stays in the list, so the last week's work can still be seen. */
export const MAINTENANCE_RECENT_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * `POST /api/maintenance-windows` (admins): which sensors of the city, from when until when, and
 * why. `sensorIds`, `type` and `area` narrow the window together (a type within an area, say); with
 * none of them it covers the whole city. An area covers the sensors standing within its circle.
 */
export const createMaintenanceWindowSchema = z
  .strictObject({
    city: cityKeySchema,
    sensorIds: z
      .array(z.string().trim().min(1, 'must not be blank').max(100))
      .min(1, 'must name at least one sensor; leave it out for the whole city')
      .max(MAINTENANCE_SENSOR_IDS_MAX, `must name at most ${MAINTENANCE_SENSOR_IDS_MAX} sensors`)
      .nullish(),
    type: sensorTypeSchema.nullish(),
    area: areaKeySchema.nullish(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    reason: z
      .string()
      .trim()
      .min(1, 'must not be blank')
      .max(
        MAINTENANCE_REASON_MAX_LENGTH,
        `must be at most ${MAINTENANCE_REASON_MAX_LENGTH} characters`,
      ),
  })
  .superRefine((body, ctx) => {
    const starts = Date.parse(body.startsAt);
    const ends = Date.parse(body.endsAt);
    if (ends <= starts) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    } else if (ends - starts > MAINTENANCE_WINDOW_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: `must be at most ${MAINTENANCE_WINDOW_MAX_DAYS} days after startsAt`,
      });
    }
    if (body.area && findArea(body.area)?.city !== body.city) {
      ctx.addIssue({ code: 'custom', path: ['area'], message: `is not an area of ${body.city}` });
    }
  })
  .meta({ id: 'MaintenanceWindowCreate' });

export type MaintenanceWindowCreate = z.infer<typeof createMaintenanceWindowSchema>;
/** The body as a client writes it. */
export type MaintenanceWindowCreateInput = z.input<typeof createMaintenanceWindowSchema>;

/** A scheduled maintenance window, as the list and the creation answer it. */
export const maintenanceWindowSchema = z
  .object({
    id: z.string(),
    city: cityKeySchema,
    /** The sensors it names; null when it is not narrowed to named sensors. */
    sensorIds: z.array(z.string()).nullable(),
    type: sensorTypeSchema.nullable(),
    area: areaKeySchema.nullable(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    reason: z.string(),
    /** Who scheduled it (name and e-mail, as the alert history names people). */
    createdBy: z.string(),
    createdAt: z.iso.datetime(),
    /** Whether it covers its sensors now: started and not yet ended. */
    active: z.boolean(),
  })
  .meta({ id: 'MaintenanceWindow' });

export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;

export const maintenanceWindowListSchema = z
  .array(maintenanceWindowSchema)
  .meta({ id: 'MaintenanceWindowList' });

/** `GET /api/maintenance-windows?city=`. */
export const maintenanceWindowListQuerySchema = z.object({ city: cityKeySchema });

/** Whether a window is current, upcoming or ended at `now` (milliseconds). */
export function maintenanceWindowState(
  window: { startsAt: string; endsAt: string },
  now: number,
): 'current' | 'upcoming' | 'ended' {
  if (Date.parse(window.endsAt) <= now) return 'ended';
  return Date.parse(window.startsAt) <= now ? 'current' : 'upcoming';
}
