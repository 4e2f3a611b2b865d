import { z } from 'zod';
import {
  alertFactsSchema,
  alertSeveritySchema,
  alertStatusSchema,
  escalationActionSchema,
  escalationAudienceSchema,
  isMoreSevere,
  type AlertSeverity,
  type EscalationAudience,
} from './alerts';
import { cityKeySchema } from './cities';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canHandleAlerts, canManageEscalationPolicies } from './policies';
import { sensorTypeSchema } from './sensors';

/** A step waits at most a week after its alert reached the policy's severity. */
export const MAX_STEP_AFTER_SECONDS = 7 * 86_400;
/** Reminders repeat at most a day apart. */
export const MAX_REMIND_EVERY_SECONDS = 86_400;
/** A policy holds at most this many steps. */
export const MAX_ESCALATION_STEPS = 10;

/**
 * How often every server process looks for steps that are due; a step fires within this long of
 * its time (a reminder repeating faster than this repeats at this pace).
 */
export const ESCALATION_CHECK_INTERVAL_MS = 5_000;

/** Who a notify or remind step reaches when it names nobody. */
export const DEFAULT_ESCALATION_AUDIENCE: EscalationAudience = 'operators';

const seconds = (max: number, min = 0) =>
  z
    .number()
    .int('must be a whole number of seconds')
    .min(min, `must be at least ${min} seconds`)
    .max(max, `must be at most ${max} seconds`);

/**
 * One step of a policy as sent: `notify` tells an audience, `remind` tells it again every
 * `everySeconds` until the alert is acknowledged, `raise` makes the alert `severity`. A step fires
 * `afterSeconds` after the alert reached the policy's severity, while it is still unacknowledged.
 */
export const escalationStepInputSchema = z
  .strictObject({
    afterSeconds: seconds(MAX_STEP_AFTER_SECONDS),
    action: escalationActionSchema,
    audience: escalationAudienceSchema.nullable().optional(),
    severity: alertSeveritySchema.nullable().optional(),
    everySeconds: seconds(MAX_REMIND_EVERY_SECONDS, 1).nullable().optional(),
  })
  .superRefine((step, ctx) => {
    const refuse = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const has = (value: unknown) => value !== undefined && value !== null;
    if (step.action === 'raise') {
      if (!has(step.severity)) refuse('severity', 'a raise step needs the severity it raises to');
      if (has(step.audience)) refuse('audience', 'a raise step notifies nobody');
    } else if (has(step.severity)) {
      refuse('severity', 'only a raise step takes a severity');
    }
    if (step.action === 'remind' && !has(step.everySeconds))
      refuse('everySeconds', 'a remind step needs how often it repeats');
    if (step.action !== 'remind' && has(step.everySeconds))
      refuse('everySeconds', 'only a remind step repeats');
  })
  .meta({ id: 'EscalationStepInput' });

export type EscalationStepInput = z.infer<typeof escalationStepInputSchema>;

/** A step as the API answers it: what the step does not use is null. */
export const escalationStepSchema = z
  .object({
    afterSeconds: z.number().int(),
    action: escalationActionSchema,
    audience: escalationAudienceSchema.nullable(),
    severity: alertSeveritySchema.nullable(),
    everySeconds: z.number().int().nullable(),
  })
  .meta({ id: 'EscalationStep' });

export type EscalationStep = z.infer<typeof escalationStepSchema>;

/** A step with the defaults filled in, as it is stored and answered. */
export function normalizeStep(step: EscalationStepInput): EscalationStep {
  const notifies = step.action !== 'raise';
  return {
    afterSeconds: step.afterSeconds,
    action: step.action,
    audience: notifies ? (step.audience ?? DEFAULT_ESCALATION_AUDIENCE) : null,
    severity: step.action === 'raise' ? (step.severity ?? null) : null,
    everySeconds: step.action === 'remind' ? (step.everySeconds ?? null) : null,
  };
}

/** Why a policy's steps cannot work for its severity; empty when they can. */
export function stepIssues(
  severity: AlertSeverity,
  steps: readonly Pick<EscalationStepInput, 'action' | 'severity'>[],
): { path: (string | number)[]; message: string }[] {
  return steps.flatMap((step, index) =>
    step.action === 'raise' && step.severity && !isMoreSevere(step.severity, severity)
      ? [
          {
            path: ['steps', index, 'severity'],
            message: `must be more severe than the policy's ${severity}`,
          },
        ]
      : [],
  );
}

const stepsSchema = z
  .array(escalationStepInputSchema)
  .min(1, 'must hold at least one step')
  .max(MAX_ESCALATION_STEPS, `must hold at most ${MAX_ESCALATION_STEPS} steps`);

/**
 * `POST /api/escalation-policies`: the steps for alerts of one severity in a city, for one sensor
 * type or (without one) the city-wide default that every other type follows.
 */
export const escalationPolicyCreateSchema = z
  .strictObject({
    city: cityKeySchema,
    sensorType: sensorTypeSchema.nullable().optional(),
    severity: alertSeveritySchema,
    steps: stepsSchema,
  })
  .superRefine((policy, ctx) => {
    for (const issue of stepIssues(policy.severity, policy.steps))
      ctx.addIssue({ code: 'custom', ...issue });
  })
  .meta({ id: 'EscalationPolicyCreate' });

export type EscalationPolicyCreate = z.infer<typeof escalationPolicyCreateSchema>;

/** `PATCH /api/escalation-policies/:id`: any of the fields; `steps` replaces all of them. */
export const escalationPolicyUpdateSchema = z
  .strictObject({
    city: cityKeySchema.optional(),
    sensorType: sensorTypeSchema.nullable().optional(),
    severity: alertSeveritySchema.optional(),
    steps: stepsSchema.optional(),
  })
  .meta({ id: 'EscalationPolicyUpdate' });

export type EscalationPolicyUpdate = z.infer<typeof escalationPolicyUpdateSchema>;

export const escalationPolicySchema = z
  .object({
    id: z.string(),
    city: cityKeySchema,
    /** Null: the city-wide default for this severity. */
    sensorType: sensorTypeSchema.nullable(),
    severity: alertSeveritySchema,
    steps: z.array(escalationStepSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'EscalationPolicy' });

export type EscalationPolicy = z.infer<typeof escalationPolicySchema>;

/** `GET /api/escalation-policies?city=&limit=&cursor=`. */
export const escalationPolicyListQuerySchema = z.object({
  city: cityKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().min(1).max(500).optional(),
});

export const escalationPolicyListSchema = z
  .object({ items: z.array(escalationPolicySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'EscalationPolicyList' });

export type EscalationPolicyList = z.infer<typeof escalationPolicyListSchema>;

/**
 * What a step would do to one of today's alerts: it has fired (its time passed while the alert was
 * unacknowledged), it is coming unless someone acknowledges first, it was stopped by the alert
 * being acknowledged, resolved or dismissed first, or a policy for the alert's sensor type takes
 * the place of this city-wide default.
 */
export const ESCALATION_PREVIEW_STATES = ['fired', 'upcoming', 'stopped', 'overridden'] as const;

export const escalationPreviewStepSchema = z.object({
  position: z.number().int().min(0),
  action: escalationActionSchema,
  state: z.enum(ESCALATION_PREVIEW_STATES),
  /** When the step fires, or fired; a reminder's first time. */
  at: z.iso.datetime(),
  /** For a reminder: how many times it has fired by now (0 before its first time). */
  occurrences: z.number().int().min(0),
});

export type EscalationPreviewStep = z.infer<typeof escalationPreviewStepSchema>;

/** `POST /api/escalation-policies/preview`: a draft policy against the city's alerts of today. */
export const escalationPreviewSchema = z
  .object({
    /** Local midnight of today in the city's time zone: the alerts since then are previewed. */
    since: z.iso.datetime(),
    items: z.array(
      z.object({
        alert: z.object({
          id: z.string(),
          title: z.string(),
          /** What its rule found, for the reader's words; null for an alert without facts. */
          facts: alertFactsSchema.nullable().default(null),
          severity: alertSeveritySchema,
          status: alertStatusSchema,
          sensorType: sensorTypeSchema.nullable(),
          createdAt: z.iso.datetime(),
        }),
        steps: z.array(escalationPreviewStepSchema),
      }),
    ),
    /** How many of today's alerts the policy applies to; at most 100 are listed. */
    total: z.number().int().min(0),
  })
  .meta({ id: 'EscalationPreview' });

export type EscalationPreview = z.infer<typeof escalationPreviewSchema>;

/** The previewed alerts listed at most. */
export const ESCALATION_PREVIEW_LIMIT = 100;

/**
 * Why an alert has no next escalation step: it is no longer open (acknowledged, resolved or
 * dismissed alerts do not escalate), no policy covers its city, severity and sensor type, every
 * step of its policy has fired and none repeats, or it is shelved (its steps wait for the shelve
 * to end), or it was raised inside a maintenance window (suppressed: it never escalates).
 */
export const ESCALATION_OUTLOOK_REASONS = [
  'not-open',
  'no-policy',
  'done',
  'shelved',
  'suppressed',
] as const;

/** `GET /api/alerts/:id/escalation` (operators, admins): what escalation does next, and when. */
export const alertEscalationOutlookSchema = z
  .object({
    /** The policy that covers the alert; null when none does. */
    policyId: z.string().nullable(),
    next: z
      .object({
        /** The step's place in its policy, from 0. */
        position: z.number().int().min(0),
        action: escalationActionSchema,
        audience: escalationAudienceSchema.nullable(),
        /** For a raise: the severity it leads to. */
        severity: alertSeveritySchema.nullable(),
        /** When it is due; in the past when it is due now and the next check fires it. */
        at: z.iso.datetime(),
        /** For a reminder: which one it is, from 0. */
        occurrence: z.number().int().min(0),
      })
      .nullable(),
    /** Null when a step comes. */
    reason: z.enum(ESCALATION_OUTLOOK_REASONS).nullable(),
  })
  .meta({ id: 'AlertEscalationOutlook' });

export type AlertEscalationOutlook = z.infer<typeof alertEscalationOutlookSchema>;

const ADMINS_ONLY = 'Only admins keep escalation policies';

export const ESCALATION_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/escalation-policies',
    summary: 'Escalation policies, oldest first, of one city or all (admin)',
    tags: ['Escalation'],
    access: canManageEscalationPolicies,
    query: escalationPolicyListQuerySchema,
    status: 200,
    response: escalationPolicyListSchema,
    description: 'A page of policies',
    errors: { 403: ADMINS_ONLY },
  },
  create: {
    method: 'post',
    path: '/api/escalation-policies',
    summary:
      'Adds the steps for alerts of one severity in a city, for a sensor type or as the default (admin)',
    tags: ['Escalation'],
    access: canManageEscalationPolicies,
    body: escalationPolicyCreateSchema,
    status: 201,
    response: escalationPolicySchema,
    description: 'The policy',
    errors: {
      403: ADMINS_ONLY,
      409: 'The city already has a policy for this sensor type and severity',
    },
  },
  preview: {
    method: 'post',
    path: '/api/escalation-policies/preview',
    summary: "What a draft policy would do to the city's alerts of today (admin); stores nothing",
    tags: ['Escalation'],
    access: canManageEscalationPolicies,
    body: escalationPolicyCreateSchema,
    status: 200,
    response: escalationPreviewSchema,
    description: "Today's alerts the policy applies to, step by step",
    errors: { 403: ADMINS_ONLY },
  },
  update: {
    method: 'patch',
    path: '/api/escalation-policies/{id}',
    summary: 'Changes a policy; steps, when given, replace all of its steps (admin)',
    tags: ['Escalation'],
    access: canManageEscalationPolicies,
    params: idParamsSchema,
    body: escalationPolicyUpdateSchema,
    status: 200,
    response: escalationPolicySchema,
    description: 'The policy',
    errors: {
      403: ADMINS_ONLY,
      404: 'No such policy',
      409: 'Another policy already covers the new scope',
    },
  },
  remove: {
    method: 'delete',
    path: '/api/escalation-policies/{id}',
    summary: 'Removes a policy; steps that already fired stay in the alerts’ histories (admin)',
    tags: ['Escalation'],
    access: canManageEscalationPolicies,
    params: idParamsSchema,
    status: 204,
    description: 'Removed',
    errors: { 403: ADMINS_ONLY, 404: 'No such policy' },
  },
  outlook: {
    method: 'get',
    path: '/api/alerts/{id}/escalation',
    summary: 'The escalation step that fires next for an alert, and when (operator, admin)',
    tags: ['Escalation'],
    access: canHandleAlerts,
    params: idParamsSchema,
    status: 200,
    response: alertEscalationOutlookSchema,
    description: 'The next step, or why none comes',
    errors: { 403: 'Only operators and admins follow escalation', 404: 'No such alert' },
  },
} as const satisfies Record<string, Endpoint>;
