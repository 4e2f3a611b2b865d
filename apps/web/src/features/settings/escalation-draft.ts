import { escalationPolicyCreateSchema } from '@smart-city/shared';
import type {
  AlertSeverity,
  CityKey,
  EscalationAction,
  EscalationAudience,
  EscalationPolicy,
  EscalationPolicyCreate,
  SensorType,
} from '@smart-city/shared';

/** The units the editor offers for a step's times. */
export const TIME_UNITS = ['seconds', 'minutes', 'hours'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

const UNIT_SECONDS: Record<TimeUnit, number> = { seconds: 1, minutes: 60, hours: 3_600 };

/** A time as the editor holds it: the number as typed, and its unit. */
export interface TimeDraft {
  value: string;
  unit: TimeUnit;
}

/** One step as the editor holds it, every field kept while the action changes. */
export interface StepDraft {
  after: TimeDraft;
  action: EscalationAction;
  audience: EscalationAudience;
  severity: AlertSeverity;
  every: TimeDraft;
}

/** A policy as the editor holds it. */
export interface PolicyDraft {
  city: CityKey;
  severity: AlertSeverity;
  /** Null: the city-wide default for the severity. */
  sensorType: SensorType | null;
  steps: StepDraft[];
}

/** A time in the largest unit that says it in whole numbers (900 s is 15 minutes). */
export function timeDraftOf(seconds: number): TimeDraft {
  if (seconds > 0 && seconds % 3_600 === 0)
    return { value: String(seconds / 3_600), unit: 'hours' };
  if (seconds > 0 && seconds % 60 === 0) return { value: String(seconds / 60), unit: 'minutes' };
  return { value: String(seconds), unit: 'seconds' };
}

/** The seconds a time stands for; NaN while what was typed is no whole number. */
export function secondsOf(time: TimeDraft): number {
  const trimmed = time.value.trim();
  if (!/^\d+$/.test(trimmed)) return Number.NaN;
  return Number(trimmed) * UNIT_SECONDS[time.unit];
}

/** The step a new policy, or a step added to one, starts from: notify the operators. */
export function newStep(after: TimeDraft = { value: '5', unit: 'minutes' }): StepDraft {
  return {
    after,
    action: 'notify',
    audience: 'operators',
    severity: 'critical',
    every: { value: '10', unit: 'minutes' },
  };
}

export function newPolicyDraft(city: CityKey): PolicyDraft {
  return { city, severity: 'critical', sensorType: null, steps: [newStep()] };
}

/** A saved policy, ready to edit. */
export function draftOf(policy: EscalationPolicy): PolicyDraft {
  return {
    city: policy.city,
    severity: policy.severity,
    sensorType: policy.sensorType,
    steps: policy.steps.map((step) => ({
      after: timeDraftOf(step.afterSeconds),
      action: step.action,
      audience: step.audience ?? 'operators',
      severity: step.severity ?? 'critical',
      every: step.everySeconds ? timeDraftOf(step.everySeconds) : { value: '10', unit: 'minutes' },
    })),
  };
}

/** The body the API takes for a draft: each step with only the fields its action uses. */
export function policyInputOf(draft: PolicyDraft): EscalationPolicyCreate {
  return {
    city: draft.city,
    sensorType: draft.sensorType,
    severity: draft.severity,
    steps: draft.steps.map((step) => ({
      afterSeconds: secondsOf(step.after),
      action: step.action,
      ...(step.action === 'raise' ? { severity: step.severity } : { audience: step.audience }),
      ...(step.action === 'remind' ? { everySeconds: secondsOf(step.every) } : {}),
    })),
  };
}

/** Where a draft falls short, by field path (`steps.0.afterSeconds`): the contract's own rules. */
export function draftIssues(draft: PolicyDraft): Map<string, string> {
  const parsed = escalationPolicyCreateSchema.safeParse(policyInputOf(draft));
  const issues = new Map<string, string>();
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!issues.has(path)) issues.set(path, issue.message);
  }
  return issues;
}

/** The draft as the API takes it, or null while it breaks a rule (the preview waits for it). */
export function validPolicyInput(draft: PolicyDraft): EscalationPolicyCreate | null {
  const parsed = escalationPolicyCreateSchema.safeParse(policyInputOf(draft));
  return parsed.success ? parsed.data : null;
}
