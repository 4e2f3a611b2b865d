import { z } from 'zod';
import { cityKeySchema } from './cities';

export const ALERT_SEVERITIES = ['critical', 'high', 'warning', 'info'] as const;
export const alertSeveritySchema = z.enum(ALERT_SEVERITIES).meta({ id: 'AlertSeverity' });
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved', 'dismissed'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES).meta({ id: 'AlertStatus' });
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/** Active alerts are those still needing attention. */
export const ACTIVE_ALERT_STATUSES: readonly AlertStatus[] = ['open', 'acknowledged'];

/** An alert whose sensor has stayed back in range this long resolves itself. */
export const AUTO_RESOLVE_AFTER_MS = 10 * 60_000;

/** The live and the notifications lists keep at most this many alerts. */
export const MAX_LIVE_ALERTS = 50;

/** An alert as `GET /api/alerts` and the live events carry it. */
export const alertSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    message: z.string(),
    severity: alertSeveritySchema,
    status: alertStatusSchema,
    sensorId: z.string().nullable(),
    city: cityKeySchema,
    location: z.string().nullable(),
    /** Which rule raised it, e.g. "threshold" or "offline". */
    rule: z.string(),
    /** The value that raised or last escalated it, when the rule has one. */
    value: z.number().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    acknowledgedAt: z.iso.datetime().nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    resolvedBy: z.string().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'Alert' });

export type Alert = z.infer<typeof alertSchema>;

/** Live `alert:deleted`: the alert is gone. */
export const alertDeletedEventSchema = z.object({ id: z.string(), city: cityKeySchema });

export type AlertDeletedEvent = z.infer<typeof alertDeletedEventSchema>;

export const alertListSchema = z.array(alertSchema).meta({ id: 'AlertList' });

/** The Alerts screen's status filter: one status, or every active one (open and acknowledged). */
export const ALERT_STATUS_FILTERS = ['active', ...ALERT_STATUSES] as const;
export const alertStatusFilterSchema = z.enum(ALERT_STATUS_FILTERS);
export type AlertStatusFilter = z.infer<typeof alertStatusFilterSchema>;

/** The statuses a status filter lets through. */
export function statusesOf(filter: AlertStatusFilter): readonly AlertStatus[] {
  return filter === 'active' ? ACTIVE_ALERT_STATUSES : [filter];
}

/** `GET /api/alerts` filters; newest first by createdAt. `status=active`: open and acknowledged. */
export const alertListQuerySchema = z.object({
  city: cityKeySchema.optional(),
  status: alertStatusFilterSchema.optional(),
  severity: alertSeveritySchema.optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** `GET /api/alerts/counts` filters: the same city and text as the list, plus the other facet. */
export const alertCountsQuerySchema = z.object({
  city: cityKeySchema.optional(),
  q: z.string().trim().max(200).optional(),
  /** Narrows `bySeverity` to alerts of this status (or every active one). */
  status: alertStatusFilterSchema.optional(),
  /** Narrows `byStatus` to alerts of this severity. */
  severity: alertSeveritySchema.optional(),
});

const countSchema = z.number().int().min(0);

/**
 * How many alerts each filter would show, over every alert (not only a list's first page): each
 * severity's count applies the status filter, each status's count applies the severity filter, so
 * a count always equals what selecting it lists.
 */
export const alertCountsSchema = z
  .object({
    bySeverity: z.object({
      critical: countSchema,
      high: countSchema,
      warning: countSchema,
      info: countSchema,
    }),
    byStatus: z.object({
      open: countSchema,
      acknowledged: countSchema,
      resolved: countSchema,
      dismissed: countSchema,
    }),
  })
  .meta({ id: 'AlertCounts' });

export type AlertCounts = z.infer<typeof alertCountsSchema>;

export const ALERT_ACTIONS = ['acknowledge', 'resolve', 'dismiss'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

/** Which statuses each action may start from, and where it leads. */
export const ALERT_TRANSITIONS: Record<
  AlertAction,
  { from: readonly AlertStatus[]; to: AlertStatus }
> = {
  acknowledge: { from: ['open'], to: 'acknowledged' },
  resolve: { from: ['open', 'acknowledged'], to: 'resolved' },
  dismiss: { from: ['open', 'acknowledged'], to: 'dismissed' },
};

/** The longest note an operator may leave with an action. */
export const ALERT_NOTE_MAX_LENGTH = 500;

/** `POST /api/alerts/:id/acknowledge|resolve|dismiss` body. */
export const alertTransitionSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(ALERT_NOTE_MAX_LENGTH, `must be at most ${ALERT_NOTE_MAX_LENGTH} characters`)
      .optional(),
  })
  .meta({ id: 'AlertTransition' });

/** One recorded change of an alert: who did what, when, with which note. */
export const alertHistoryEntrySchema = z
  .object({
    action: z.enum(['raised', 'escalated', 'acknowledge', 'resolve', 'dismiss', 'auto-resolve']),
    fromStatus: alertStatusSchema.nullable(),
    toStatus: alertStatusSchema,
    severity: alertSeveritySchema,
    actor: z.string(),
    note: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'AlertHistoryEntry' });

export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;
