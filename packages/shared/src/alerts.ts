import { z } from 'zod';
import { cityKeySchema } from './cities';
import { SENSOR_TYPES } from './sensor-kinds';

export const ALERT_SEVERITIES = ['critical', 'high', 'warning', 'info'] as const;
export const alertSeveritySchema = z.enum(ALERT_SEVERITIES).meta({ id: 'AlertSeverity' });
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved', 'dismissed'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES).meta({ id: 'AlertStatus' });
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/** Active alerts are those still needing attention. */
export const ACTIVE_ALERT_STATUSES: readonly AlertStatus[] = ['open', 'acknowledged'];

/** Ended alerts need nothing more: someone resolved or dismissed them (or they resolved themselves). */
export const ENDED_ALERT_STATUSES: readonly AlertStatus[] = ['resolved', 'dismissed'];

/** Whether an alert has ended (resolved or dismissed), so lists show it muted and say so. */
export function isEndedAlert(alert: { status: AlertStatus }): boolean {
  return ENDED_ALERT_STATUSES.includes(alert.status);
}

/**
 * The rule of the alerts a sensor raises about itself when it goes silent: the operators' concern
 * (a device to visit), not something a resident can act on, so citizens are not shown them.
 */
export const OPERATIONAL_ALERT_RULES: readonly string[] = ['offline'];

/** An alert whose sensor has stayed back in range this long resolves itself. */
export const AUTO_RESOLVE_AFTER_MS = 10 * 60_000;

/** The live and the notifications lists keep at most this many alerts. */
export const MAX_LIVE_ALERTS = 50;

/** Severities from the mildest to the worst, for comparing two of them. */
export const SEVERITY_RANK: Readonly<Record<AlertSeverity, number>> = {
  info: 0,
  warning: 1,
  high: 2,
  critical: 3,
};

/** Whether `a` is worse than `b`. */
export function isMoreSevere(a: AlertSeverity, b: AlertSeverity): boolean {
  return SEVERITY_RANK[a] > SEVERITY_RANK[b];
}

/**
 * The order of a list of active alerts: the worst first, then the newest; the id settles a tie, so
 * a list never reshuffles between loads. For `Array.prototype.sort`.
 */
export function bySeverityThenNewest(
  a: { severity: AlertSeverity; createdAt: string; id: string },
  b: { severity: AlertSeverity; createdAt: string; id: string },
): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The order of a list that mixes active and ended alerts (the dashboard's recent alerts): the
 * active ones first, each part the worst first, then the newest, so a resolved critical never
 * stands above a warning that still needs attention.
 */
export function activeFirstBySeverity(
  a: { severity: AlertSeverity; status: AlertStatus; createdAt: string; id: string },
  b: { severity: AlertSeverity; status: AlertStatus; createdAt: string; id: string },
): number {
  return Number(isEndedAlert(a)) - Number(isEndedAlert(b)) || bySeverityThenNewest(a, b);
}

/** An operator or admin as an alert names them: the one it is assigned to, a comment's author. */
export const alertPersonSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: 'AlertPerson' });

export type AlertPerson = z.infer<typeof alertPersonSchema>;

/** The sensor types whose primary value alone raises an alert. */
export const THRESHOLD_SENSOR_TYPES = ['traffic', 'air_quality', 'waste'] as const;
export type ThresholdSensorType = (typeof THRESHOLD_SENSOR_TYPES)[number];

/** What every alert's facts name: the sensor (null for an alert no sensor raised) and its place. */
const factsOfSensor = {
  sensorId: z.string().nullable(),
  sensorName: z.string().nullable(),
  /** The sensor's place, as its registry names it: a place name, the same in every language. */
  location: z.string(),
};

/**
 * What a rule found, as facts, by the rule's kind: the sensor, its place, the value (rounded as the
 * words show it) and its unit, the severity whose level the value passed and that level, and what
 * each kind adds (a feeder's rated load, pH's safe range, since when a sensor is silent). Readers
 * are given these words in their own language by the shared catalogue (alert-words.ts); the
 * alert's title and message are the same words in English, kept for API consumers.
 */
export const alertFactsSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('threshold'),
      ...factsOfSensor,
      sensorType: z.enum(THRESHOLD_SENSOR_TYPES),
      value: z.number(),
      /** '%' for congestion and a bin's fill, 'AQI' for air quality. */
      unit: z.enum(['%', 'AQI']),
      severity: alertSeveritySchema,
      level: z.number(),
    }),
    z.object({
      kind: z.literal('energy'),
      ...factsOfSensor,
      sensorType: z.literal('energy'),
      /** The feeder's load. */
      value: z.number(),
      unit: z.literal('MW'),
      /** The load as a share of the feeder's rated load, which the levels are set in. */
      percent: z.number(),
      ratedMw: z.number(),
      severity: alertSeveritySchema,
      level: z.number(),
    }),
    z.object({
      kind: z.literal('water-ph'),
      ...factsOfSensor,
      sensorType: z.literal('water'),
      value: z.number(),
      unit: z.literal('pH'),
      /** The safe range the value left. */
      low: z.number(),
      high: z.number(),
      severity: alertSeveritySchema,
    }),
    z.object({
      kind: z.literal('water-turbidity'),
      ...factsOfSensor,
      sensorType: z.literal('water'),
      value: z.number(),
      unit: z.literal('NTU'),
      severity: alertSeveritySchema,
      level: z.number(),
    }),
    z.object({
      kind: z.literal('offline'),
      ...factsOfSensor,
      sensorType: z.enum(SENSOR_TYPES).nullable(),
      /** The minute of the sensor's last reading. */
      since: z.iso.datetime(),
      severity: alertSeveritySchema,
    }),
  ])
  .meta({ id: 'AlertFacts' });

export type AlertFacts = z.infer<typeof alertFactsSchema>;
export type AlertFactsKind = AlertFacts['kind'];

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
    /**
     * The sensor's latest reading beyond the limits while the alert is active (the message names
     * the peak that set its severity), when the rule has one.
     */
    value: z.number().nullable(),
    /**
     * What the rule found, from which every reader's words are made (see alertFactsSchema); null
     * for an alert stored before alerts kept their facts, shown with its title and message as written.
     */
    facts: alertFactsSchema.nullable().default(null),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    acknowledgedAt: z.iso.datetime().nullable(),
    acknowledgedBy: z.string().nullable(),
    resolvedAt: z.iso.datetime().nullable(),
    resolvedBy: z.string().nullable(),
    note: z.string().nullable(),
    // The workflow's fields default to null, so events of a server from before them still parse.
    /** The operator or admin who has taken the alert, or null while nobody has. */
    assignee: alertPersonSchema.nullable().default(null),
    assignedAt: z.iso.datetime().nullable().default(null),
    /** When an escalation step (a notification, a reminder, a raise) last fired for it. */
    escalatedAt: z.iso.datetime().nullable().default(null),
    /**
     * When it reached its severity by escalating in place (a worse reading, a policy's raise); null
     * while it keeps the severity it was raised with. Equal to `updatedAt` in the very update that
     * escalated it.
     */
    severitySince: z.iso.datetime().nullable().default(null),
    /**
     * Until when an operator has shelved it: while this is in the future the alert stays open or
     * acknowledged but leaves the active lists, counts and figures, and does not escalate. Null
     * while it is not shelved; cleared when the shelve ends, the value worsens or the alert ends.
     */
    shelvedUntil: z.iso.datetime().nullable().default(null),
    /** Why it was shelved (for operators and admins), while shelved. */
    shelvedReason: z.string().nullable().default(null),
    /** Who shelved it, while shelved. */
    shelvedBy: z.string().nullable().default(null),
    /** The flood group it joined (see alert-groups.ts), handled and notified as one. */
    groupId: z.string().nullable().default(null),
    /**
     * Raised while a maintenance window covered its sensor: recorded, but never announced, counted
     * as active nor escalated. It still resolves itself when the sensor is back in range.
     */
    suppressed: z.boolean().default(false),
    /**
     * Raised more than CHATTERING_REOPENS_PER_HOUR times within the hour for its sensor and rule: a
     * nuisance alarm, whose rule wants a look (see the alarm KPIs).
     */
    chattering: z.boolean().default(false),
  })
  .meta({ id: 'Alert' });

/**
 * An alert raised more often than this in one hour for the same sensor and rule is chattering (ISA-18.2
 * and EEMUA 191 count such alarms as nuisances).
 */
export const CHATTERING_REOPENS_PER_HOUR = 3;

export type Alert = z.infer<typeof alertSchema>;

/** Live `alert:deleted`: the alert is gone. */
export const alertDeletedEventSchema = z.object({ id: z.string(), city: cityKeySchema });

export type AlertDeletedEvent = z.infer<typeof alertDeletedEventSchema>;

export const alertListSchema = z.array(alertSchema).meta({ id: 'AlertList' });

/**
 * Whether an alert is shelved at `now` (milliseconds): an operator put it aside until a time still to
 * come. An alert whose shelve has run out counts as active again at once, before the periodic
 * checks clear it.
 */
export function isShelved(alert: { shelvedUntil: string | null }, now: number): boolean {
  return alert.shelvedUntil !== null && Date.parse(alert.shelvedUntil) > now;
}

/**
 * Whether an alert is out of the active views at `now` (milliseconds): shelved, or raised inside a
 * maintenance window (suppressed). The bell, toasts, the wall and the twin leave these out.
 */
export function isSetAside(
  alert: { shelvedUntil: string | null; suppressed: boolean },
  now: number,
): boolean {
  return alert.suppressed || isShelved(alert, now);
}

/**
 * The Alerts screen's status filter: one status, every active one (open and acknowledged), every
 * ended one (resolved and dismissed: the residents' "Ended"), or the shelved ones. `active`, `open`
 * and `acknowledged` leave shelved alerts out; `shelved` lists only them (open or acknowledged
 * alerts shelved until a time still to come).
 */
export const ALERT_STATUS_FILTERS = [
  'active',
  ...ALERT_STATUSES,
  'ended',
  'shelved',
  'suppressed',
  'announced',
] as const;
export const alertStatusFilterSchema = z.enum(ALERT_STATUS_FILTERS);
export type AlertStatusFilter = z.infer<typeof alertStatusFilterSchema>;

/**
 * The statuses a status filter lets through (whether shelved ones pass is up to the filter).
 * Suppressed alerts are listed only by `suppressed`, whatever their status; `announced` lists
 * every other alert, whatever its status, shelved or not (the alerts the operators were shown).
 */
export function statusesOf(filter: AlertStatusFilter): readonly AlertStatus[] {
  if (filter === 'active' || filter === 'shelved') return ACTIVE_ALERT_STATUSES;
  if (filter === 'ended') return ENDED_ALERT_STATUSES;
  if (filter === 'suppressed' || filter === 'announced') return ALERT_STATUSES;
  return [filter];
}

/**
 * Whose alerts a list shows: `me` (the caller's), `unassigned`, or the account id of an operator
 * or admin.
 */
export const alertAssigneeFilterSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ description: '`me`, `unassigned`, or an account id' });

/** How `GET /api/alerts` orders its answer: newest first, or the worst first, then the newest. */
export const ALERT_LIST_ORDERS = ['newest', 'severity'] as const;
export const alertListOrderSchema = z.enum(ALERT_LIST_ORDERS);
export type AlertListOrder = z.infer<typeof alertListOrderSchema>;

/** How the list and the counts document the status filter. */
const STATUS_FILTER_DESCRIPTION =
  '`active`: open and acknowledged, not shelved; `open`, `acknowledged`: that status, not shelved; ' +
  '`shelved`: open or acknowledged alerts shelved until a time still to come; `resolved`, ' +
  '`dismissed`, `ended` (both); `suppressed`: alerts raised inside a maintenance window, whatever ' +
  'their status (every other status leaves them out); `announced`: every alert raised outside a ' +
  'maintenance window, whatever its status, shelved or not; none: every alert, shelved, ' +
  'suppressed or not';

/**
 * The narrowing filters the list and its counts share, by which the alarm KPIs link to the alerts
 * behind each figure: when they were raised, whether they chattered or joined a flood, and one
 * sensor's alerts of one rule.
 */
export const alertNarrowingQuerySchema = z.object({
  /** Alerts raised at or after this moment. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Alerts raised before this moment. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Alerts raised before this moment (the standing alerts: active and raised long ago). */
  raisedBefore: z.iso.datetime({ offset: true }).optional(),
  /** `true`: only chattering alerts; `false`: none of them. */
  chattering: z.enum(['true', 'false']).optional(),
  /** `true`: only alerts that joined a flood group; `false`: none of them. */
  grouped: z.enum(['true', 'false']).optional(),
  /** The alerts of this sensor. */
  sensorId: z.string().trim().min(1).max(100).optional(),
  /** The alerts of this rule, e.g. `threshold` or `offline`. */
  rule: z.string().trim().min(1).max(50).optional(),
});

export type AlertNarrowingQuery = z.infer<typeof alertNarrowingQuerySchema>;

/**
 * `GET /api/alerts` filters; newest first by createdAt, unless `order=severity` (as the lists of
 * active alerts ask: critical before high, each newest first). `status=active`: open and
 * acknowledged and not shelved, `status=shelved`: only the shelved; `type`: alerts of sensors of
 * that type.
 */
export const alertListQuerySchema = alertNarrowingQuerySchema.extend({
  city: cityKeySchema.optional(),
  status: alertStatusFilterSchema.optional().meta({ description: STATUS_FILTER_DESCRIPTION }),
  severity: alertSeveritySchema.optional(),
  q: z.string().trim().max(200).optional(),
  assignee: alertAssigneeFilterSchema.optional(),
  /** Alerts of sensors of this type (a city service's: its water, power, waste or traffic). */
  type: z.enum(SENSOR_TYPES).optional(),
  order: alertListOrderSchema.default('newest'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/**
 * `GET /api/alerts/counts` filters: the same city, text and narrowing filters as the list, plus the
 * other facet.
 */
export const alertCountsQuerySchema = alertNarrowingQuerySchema.extend({
  city: cityKeySchema.optional(),
  q: z.string().trim().max(200).optional(),
  /** Narrows `bySeverity` to alerts of this status (or every active one, or the shelved ones). */
  status: alertStatusFilterSchema.optional().meta({ description: STATUS_FILTER_DESCRIPTION }),
  /** Narrows `byStatus` to alerts of this severity. */
  severity: alertSeveritySchema.optional(),
  /** The same assignee filter as the list. */
  assignee: alertAssigneeFilterSchema.optional(),
  /** The same sensor type filter as the list. */
  type: z.enum(SENSOR_TYPES).optional(),
});

const countSchema = z.number().int().min(0);

/**
 * How many alerts each filter would show, over every alert (not only a list's first page): each
 * severity's count applies the status filter, each status's count applies the severity filter, so
 * a count always equals what selecting it lists. `byStatus.open` and `.acknowledged` leave the
 * shelved alerts out; `shelved` counts them (within the severity filter), so every alert is
 * counted once across `byStatus` and `shelved`.
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
    shelved: countSchema,
    /** Alerts raised inside a maintenance window (within the severity filter), whatever their status. */
    suppressed: countSchema,
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

/** The longest an alert may be shelved at once: a day, so nothing is put aside and forgotten. */
export const ALERT_SHELVE_MAX_MINUTES = 24 * 60;

/** The longest reason an operator may give for shelving. */
export const ALERT_SHELVE_REASON_MAX_LENGTH = 500;

/** `POST /api/alerts/:id/shelve`: for how long, and why (required: a shelve must be explained). */
export const alertShelveSchema = z
  .strictObject({
    minutes: z
      .number()
      .int()
      .min(1)
      .max(ALERT_SHELVE_MAX_MINUTES, `must be at most ${ALERT_SHELVE_MAX_MINUTES} minutes (a day)`),
    reason: z
      .string()
      .trim()
      .min(1, 'must not be blank')
      .max(
        ALERT_SHELVE_REASON_MAX_LENGTH,
        `must be at most ${ALERT_SHELVE_REASON_MAX_LENGTH} characters`,
      ),
  })
  .meta({ id: 'AlertShelve' });

export type AlertShelve = z.infer<typeof alertShelveSchema>;

/** `POST /api/alerts/:id/assign`: who takes the alert; null hands it back. */
export const alertAssignSchema = z
  .strictObject({ assigneeId: z.string().trim().min(1).max(100).nullable() })
  .meta({ id: 'AlertAssign' });

export type AlertAssign = z.infer<typeof alertAssignSchema>;

/** The escalation actions a policy's step can take (see escalation.ts). */
export const ESCALATION_ACTIONS = ['notify', 'raise', 'remind'] as const;
export const escalationActionSchema = z.enum(ESCALATION_ACTIONS).meta({ id: 'EscalationAction' });
export type EscalationAction = z.infer<typeof escalationActionSchema>;

/** Who an escalation step notifies: the city's operators, or its admins. */
export const ESCALATION_AUDIENCES = ['operators', 'admins'] as const;
export const escalationAudienceSchema = z
  .enum(ESCALATION_AUDIENCES)
  .meta({ id: 'EscalationAudience' });
export type EscalationAudience = z.infer<typeof escalationAudienceSchema>;

/** What a history entry adds to its action: the escalation step that fired, or the assignment. */
export const alertHistoryDetailsSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('step'),
      policyId: z.string(),
      /** The step's place in its policy, from 0. */
      position: z.number().int().min(0),
      action: escalationActionSchema,
      audience: escalationAudienceSchema.nullable(),
      /** For a reminder: which one it was, from 0. */
      occurrence: z.number().int().min(0),
      /** How many people it notified (in the app; e-mail follows their preferences). */
      recipients: z.number().int().min(0),
    }),
    z.object({
      kind: z.literal('assignment'),
      assignee: alertPersonSchema.nullable(),
      previous: alertPersonSchema.nullable(),
    }),
    z.object({
      kind: z.literal('shelve'),
      /** How long it was shelved for, and until when. */
      minutes: z.number().int().min(1),
      until: z.iso.datetime(),
    }),
    z.object({
      kind: z.literal('facts'),
      /** What the rule found when it raised or escalated the alert: the note's words are made from them. */
      facts: alertFactsSchema,
    }),
    z.object({
      kind: z.literal('unshelve'),
      /** Why the shelve ended: a person, its time running out, or the value worsening. */
      cause: z.enum(['manual', 'expired', 'worsened']),
    }),
  ])
  .meta({ id: 'AlertHistoryDetails' });

export type AlertHistoryDetails = z.infer<typeof alertHistoryDetailsSchema>;

/** What a history entry records. `escalated`, `reminded` and a `raised` with a step are policy steps. */
export const ALERT_HISTORY_ACTIONS = [
  'raised',
  'escalated',
  'reminded',
  'assigned',
  'acknowledge',
  'resolve',
  'dismiss',
  'auto-resolve',
  'shelved',
  'unshelved',
  /** A maintenance window ended with the alert still active: shown from then on. */
  'maintenance-ended',
] as const;

/** One recorded change of an alert: who did what, when, with which note. */
export const alertHistoryEntrySchema = z
  .object({
    action: z.enum(ALERT_HISTORY_ACTIONS),
    fromStatus: alertStatusSchema.nullable(),
    toStatus: alertStatusSchema,
    severity: alertSeveritySchema,
    actor: z.string(),
    note: z.string().nullable(),
    at: z.iso.datetime(),
    details: alertHistoryDetailsSchema.nullable().default(null),
  })
  .meta({ id: 'AlertHistoryEntry' });

export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;
