import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canHandleAlerts, canScheduleMaintenance } from './policies';
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

export const MAINTENANCE_WINDOW_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/maintenance-windows',
    summary:
      'The maintenance windows of a city: current and upcoming first (soonest to start first), then ' +
      'those ended in the last 7 days (operators, admins)',
    tags: ['Alerts'],
    access: canHandleAlerts,
    query: maintenanceWindowListQuerySchema,
    status: 200,
    response: maintenanceWindowListSchema,
    description: 'The windows',
    errors: {
      400: 'The city is missing or unknown',
      403: 'Only operators and admins see maintenance windows',
    },
  },
  create: {
    method: 'post',
    path: '/api/maintenance-windows',
    summary: 'Schedules a maintenance window; recorded in the ledger (admin)',
    notes:
      'While a window is active, alerts raised for the sensors it covers are stored with ' +
      '`suppressed: true`: not announced, counted as active nor escalated, and listed with ' +
      '`GET /api/alerts?status=suppressed`. A window covers the sensors of its city that are among ' +
      '`sensorIds` (when given), of `type` (when given) and within `area` (when given: the sensors ' +
      'standing within the area’s circle, as the citizen home draws it); with none of the three, ' +
      'the whole city. `endsAt` must be after `startsAt`, in the future and at most 30 days after ' +
      '`startsAt`; `reason` is 1 to 500 characters once trimmed; `sensorIds` names 1 to 1,000 ' +
      'sensors of the city (the error names those that are not).',
    tags: ['Alerts'],
    access: canScheduleMaintenance,
    body: createMaintenanceWindowSchema,
    status: 201,
    response: maintenanceWindowSchema,
    description: 'The window',
    errors: { 403: 'Only admins schedule maintenance windows' },
  },
  end: {
    method: 'delete',
    path: '/api/maintenance-windows/{id}',
    summary:
      'Ends a maintenance window now, or calls off one still to come; recorded in the ledger (admin)',
    tags: ['Alerts'],
    access: canScheduleMaintenance,
    params: idParamsSchema,
    status: 204,
    description: 'Ended',
    errors: { 403: 'Only admins end maintenance windows', 404: 'No such window' },
  },
} as const satisfies Record<string, Endpoint>;
