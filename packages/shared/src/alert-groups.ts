import { z } from 'zod';
import { alertSchema, alertSeveritySchema } from './alerts';
import { cityKeySchema } from './cities';
import { SENSOR_TYPES } from './sensor-kinds';

/**
 * An alarm flood (ISA-18.2, EEMUA 191): more than FLOOD_THRESHOLD alerts of one kind (the sensor
 * type and the rule: air quality over its limits, waste bins gone silent) raised in one city within
 * FLOOD_WINDOW_MS become one group, which the operators see, acknowledge and resolve as one.
 */
export const FLOOD_THRESHOLD = 20;
export const FLOOD_WINDOW_MS = 10 * 60_000;

export const ALERT_GROUP_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const alertGroupStatusSchema = z.enum(ALERT_GROUP_STATUSES).meta({ id: 'AlertGroupStatus' });
export type AlertGroupStatus = z.infer<typeof alertGroupStatusSchema>;

/**
 * A group of alerts of one kind in one city. The words ("412 air-quality sensors in Kolkata over
 * their limits") are made by the reader from these facts, in the reader's language.
 */
export const alertGroupSchema = z
  .object({
    id: z.string(),
    city: cityKeySchema,
    /** The sensor type of its alerts (null for alerts without a sensor). */
    sensorType: z.enum(SENSOR_TYPES).nullable(),
    /** The rule of its alerts, e.g. "threshold" or "offline". */
    rule: z.string(),
    /** The worst severity among its alerts that are still active. */
    severity: alertSeveritySchema,
    status: alertGroupStatusSchema,
    /** Every alert that joined it, and those of them still open or acknowledged. */
    members: z.number().int().nonnegative(),
    activeMembers: z.number().int().nonnegative(),
    /** The highest value among its active members, when their rule has values. */
    peakValue: z.number().nullable(),
    createdAt: z.iso.datetime(),
    /** When an alert last joined it. */
    lastJoinedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    acknowledgedAt: z.iso.datetime().nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    resolvedBy: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'AlertGroup' });

export type AlertGroup = z.infer<typeof alertGroupSchema>;

/** `GET /api/alert-groups?city=&status=` */
export const alertGroupListQuerySchema = z.object({
  city: cityKeySchema.optional(),
  /** `active` (open or acknowledged, the default), one status, or `all`. */
  status: z.enum(['active', 'all', ...ALERT_GROUP_STATUSES]).default('active'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export type AlertGroupListQuery = z.infer<typeof alertGroupListQuerySchema>;

export const alertGroupListSchema = z.array(alertGroupSchema).meta({ id: 'AlertGroupList' });

/** `GET /api/alert-groups/{id}?limit=&cursor=`: the group and a page of its alerts, worst first. */
export const alertGroupMembersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().min(1).max(500).optional(),
});

export const alertGroupDetailSchema = z
  .object({
    group: alertGroupSchema,
    items: z.array(alertSchema),
    /** The cursor of the next page of alerts; null on the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AlertGroupDetail' });

export type AlertGroupDetail = z.infer<typeof alertGroupDetailSchema>;

/** `POST /api/alert-groups/{id}/acknowledge|resolve`: an optional note, as for one alert. */
export const alertGroupActionBodySchema = z
  .object({ note: z.string().trim().min(1).max(1_000).optional() })
  .strict()
  .meta({ id: 'AlertGroupAction' });

/** Live `alertGroup:updated`: a group was made, gained alerts, or was acknowledged or resolved. */
export const alertGroupEventSchema = alertGroupSchema;

/**
 * A city is in flood while it has an active group that an alert joined within the flood window:
 * the dashboard and the wall say so.
 */
export function isFlooding(group: AlertGroup, now: number): boolean {
  return group.status !== 'resolved' && now - Date.parse(group.lastJoinedAt) < FLOOD_WINDOW_MS;
}
