import { randomUUID } from 'node:crypto';
import {
  alertSeveritySchema,
  alertStatusSchema,
  cityKeySchema,
  ESCALATION_PREVIEW_LIMIT,
  escalationAudienceSchema,
  escalationStepSchema,
  normalizeStep,
  sensorTypeSchema,
  stepIssues,
  type AlertEscalationOutlook,
  type EscalationPolicy,
  type EscalationPolicyCreate,
  type EscalationPolicyList,
  type EscalationPolicyUpdate,
  type EscalationPreview,
  type EscalationPreviewStep,
  type EscalationStep,
  type AlertSeverity,
  type CityKey,
  type EscalationAudience,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { decodePageCursor, encodePageCursor } from '../../http/page-cursor';
import { localDate, startOfLocalDay } from '../../lib/zoned-day';
import type { CitiesService } from '../cities/cities.service';
import {
  alertsForPreview,
  deletePolicy,
  findAlertWithSensorType,
  findPolicy,
  firedSteps,
  policyCovering,
  insertPolicy,
  listPolicies,
  scopeTaken,
  sensorTypesWithPolicy,
  updatePolicy,
  type NewStep,
  type PolicyRecord,
  type PreviewAlert,
} from './escalation-policies.repository';
import { Conflict, Invalid, NotFound } from '../../lib/domain-errors';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Maps a stored policy to the contract's shape. */
function presentPolicy(record: PolicyRecord): EscalationPolicy {
  return {
    id: record.id,
    city: cityKeySchema.parse(record.city_key),
    sensorType: record.sensor_type === null ? null : sensorTypeSchema.parse(record.sensor_type),
    severity: alertSeveritySchema.parse(record.severity),
    steps: record.steps.map((step) =>
      escalationStepSchema.parse({
        afterSeconds: step.after_seconds,
        action: step.action,
        audience: step.audience,
        severity: step.severity,
        everySeconds: step.every_seconds,
      }),
    ),
    createdAt: iso(record.created_at),
    updatedAt: iso(record.updated_at),
  };
}

function storedSteps(steps: readonly EscalationStep[]): NewStep[] {
  return steps.map((step, position) => ({
    position,
    after_seconds: step.afterSeconds,
    action: step.action,
    audience: step.audience,
    severity: step.severity,
    every_seconds: step.everySeconds,
  }));
}

function policyNotFound(id: string) {
  return new NotFound(`No escalation policy with id "${id}"`);
}

function scopeConflict(scope: { city: string; sensorType: string | null; severity: string }) {
  const which = scope.sensorType ? `${scope.sensorType} sensors` : 'the city-wide default';
  return new Conflict(
    `${scope.city} already has a policy for ${scope.severity} alerts of ${which}; change that one instead`,
  );
}

/** Whether an error is PostgreSQL refusing a second row for a unique key. */
function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * What each step of a draft policy does to one alert, judged from its times: a step fires
 * `afterSeconds` after the alert reached its severity unless it was acknowledged, resolved or
 * dismissed before then.
 */
function previewSteps(
  alert: PreviewAlert,
  steps: readonly EscalationStep[],
  now: Date,
  overridden: boolean,
): EscalationPreviewStep[] {
  const since = new Date(alert.severity_since ?? alert.created_at).getTime();
  const ends = [alert.acknowledged_at, alert.resolved_at]
    .filter((at): at is Date => at !== null)
    .map((at) => new Date(at).getTime());
  const stoppedAt = ends.length > 0 ? Math.min(...ends) : null;
  return steps.map((step, position) => {
    const at = since + step.afterSeconds * 1000;
    const base = { position, action: step.action, at: new Date(at).toISOString(), occurrences: 0 };
    if (overridden) return { ...base, state: 'overridden' };
    if (stoppedAt !== null && stoppedAt <= at) return { ...base, state: 'stopped' };
    if (at > now.getTime()) return { ...base, state: 'upcoming' };
    const until = Math.min(now.getTime(), stoppedAt ?? now.getTime());
    const occurrences =
      step.action === 'remind' && step.everySeconds
        ? Math.floor((until - at) / (step.everySeconds * 1000)) + 1
        : 1;
    return { ...base, state: 'fired', occurrences };
  });
}

/**
 * The step of a policy that fires next for an open alert, as the escalation check will fire it:
 * a step `afterSeconds` after the alert reached its severity, once; a reminder at its first time
 * and every `everySeconds` after, where a missed occurrence is skipped for the latest one due.
 * Null when every step has fired and none repeats.
 */
function nextStepOf(
  alert: { severity_since: Date | string | null; created_at: Date | string },
  steps: PolicyRecord['steps'],
  fired: readonly { position: number; occurrence: number }[],
  now: Date,
): AlertEscalationOutlook['next'] {
  const since = new Date(alert.severity_since ?? alert.created_at).getTime();
  const latestFired = new Map(fired.map((step) => [step.position, step.occurrence]));
  const coming = steps.flatMap((step) => {
    const first = since + step.after_seconds * 1000;
    const done = latestFired.get(step.position);
    const base = {
      position: step.position,
      action: step.action as EscalationStep['action'],
      audience: step.audience as EscalationStep['audience'],
      severity: alertSeveritySchema.nullable().parse(step.severity),
    };
    if (step.action === 'remind' && step.every_seconds) {
      const periodMs = step.every_seconds * 1000;
      const dueNow = now.getTime() >= first ? Math.floor((now.getTime() - first) / periodMs) : -1;
      const occurrence = done === undefined ? Math.max(dueNow, 0) : Math.max(dueNow, done + 1);
      return [{ ...base, occurrence, at: first + occurrence * periodMs }];
    }
    return done === undefined ? [{ ...base, occurrence: 0, at: first }] : [];
  });
  coming.sort((a, b) => a.at - b.at || a.position - b.position);
  const next = coming[0];
  return next ? { ...next, at: new Date(next.at).toISOString() } : null;
}

export type EscalationPoliciesService = ReturnType<typeof createEscalationPoliciesService>;

/** Escalation policies: kept by admins, one per city, sensor type (or default) and severity. */
export function createEscalationPoliciesService(deps: {
  db: Kysely<Database>;
  cities: CitiesService;
  now: () => Date;
}) {
  const { db } = deps;

  return {
    async list(query: {
      city?: string;
      limit: number;
      cursor?: string;
    }): Promise<EscalationPolicyList> {
      const cursor = query.cursor === undefined ? undefined : decodePageCursor(query.cursor);
      const records = await listPolicies(db, { ...query, cursor, limit: query.limit + 1 });
      const page = records.slice(0, query.limit);
      return {
        items: page.map(presentPolicy),
        nextCursor: records.length > query.limit ? encodePageCursor(page.at(-1)!) : null,
      };
    },

    /**
     * Whom a city's policy for alerts of a severity (of any sensor type) notifies, in the order of
     * its steps; none without such a policy. A citizen's report past its deadline is escalated to
     * them.
     */
    async audiences(
      trx: Kysely<Database> | Transaction<Database>,
      city: CityKey,
      severity: AlertSeverity,
    ): Promise<EscalationAudience[]> {
      const policy = await policyCovering(trx, { city_key: city, severity, sensor_type: null });
      const audiences = (policy?.steps ?? []).flatMap((step) =>
        step.action === 'notify' && step.audience !== null
          ? [escalationAudienceSchema.parse(step.audience)]
          : [],
      );
      return [...new Set(audiences)];
    },

    /** Stores a new policy for the admin; 409 when its city, type and severity have one. */
    async create(input: EscalationPolicyCreate, adminId: string): Promise<EscalationPolicy> {
      const now = deps.now();
      const scope = {
        city: input.city,
        sensorType: input.sensorType ?? null,
        severity: input.severity,
      };
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          if (await scopeTaken(trx, scope)) throw scopeConflict(scope);
          await insertPolicy(
            trx,
            {
              id,
              city_key: scope.city,
              sensor_type: scope.sensorType,
              severity: scope.severity,
              created_by: adminId,
              created_at: now,
              updated_at: now,
            },
            storedSteps(input.steps.map(normalizeStep)),
          );
        });
      } catch (err) {
        // Two admins saving the same scope at once: the unique index lets one through.
        if (isUniqueViolation(err)) throw scopeConflict(scope);
        throw err;
      }
      return presentPolicy((await findPolicy(db, id))!);
    },

    /** Changes a policy; `steps` replaces them all. 404, 409 or 400 as for create. */
    async update(id: string, change: EscalationPolicyUpdate): Promise<EscalationPolicy> {
      const now = deps.now();
      try {
        await db.transaction().execute(async (trx) => {
          const current = await findPolicy(trx, id, true);
          if (!current) throw policyNotFound(id);
          const scope = {
            city: change.city ?? current.city_key,
            sensorType: change.sensorType === undefined ? current.sensor_type : change.sensorType,
            severity: change.severity ?? current.severity,
          };
          const severity = alertSeveritySchema.parse(scope.severity);
          const steps = change.steps?.map(normalizeStep) ?? presentPolicy(current).steps;
          const issues = stepIssues(severity, steps);
          if (issues.length > 0) {
            throw new Invalid(
              `Invalid input: ${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
              issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
            );
          }
          if (await scopeTaken(trx, scope, id)) throw scopeConflict(scope);
          await updatePolicy(
            trx,
            id,
            {
              city_key: scope.city,
              sensor_type: scope.sensorType,
              severity: scope.severity,
              updated_at: now,
            },
            change.steps ? storedSteps(steps) : undefined,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new Conflict('Another policy already covers that scope');
        }
        throw err;
      }
      return presentPolicy((await findPolicy(db, id))!);
    },

    async remove(id: string): Promise<void> {
      if (!(await deletePolicy(db, id))) throw policyNotFound(id);
    },

    /**
     * What a draft policy would do to the city's alerts of today (since local midnight): for each
     * alert of its severity (and sensor type), each step's time and whether it fired, is coming,
     * was stopped by an acknowledgement or is left to a policy of the alert's sensor type.
     */
    /** What escalation does next to an alert, and when; 404 when there is no such alert. */
    async outlook(alertId: string): Promise<AlertEscalationOutlook> {
      const alert = await findAlertWithSensorType(db, alertId);
      if (!alert) {
        throw new NotFound(`No alert with id "${alertId}"`);
      }
      const policy = await policyCovering(db, alert);
      const policyId = policy?.id ?? null;
      if (alert.status !== 'open') return { policyId, next: null, reason: 'not-open' };
      if (!policy) return { policyId, next: null, reason: 'no-policy' };
      if (alert.suppressed) return { policyId, next: null, reason: 'suppressed' };
      if (alert.shelved_until !== null && new Date(alert.shelved_until) > deps.now()) {
        return { policyId, next: null, reason: 'shelved' };
      }
      const next = nextStepOf(
        alert,
        policy.steps,
        await firedSteps(db, alert.id, policy.id),
        deps.now(),
      );
      return { policyId, next, reason: next ? null : 'done' };
    },

    async preview(draft: EscalationPolicyCreate): Promise<EscalationPreview> {
      const now = deps.now();
      const city = (await deps.cities.list()).find((c) => c.key === draft.city);
      const timeZone = city?.timeZone ?? 'UTC';
      const since = startOfLocalDay(localDate(now, timeZone), timeZone);
      const sensorType = draft.sensorType ?? null;
      const [{ alerts, total }, typed] = await Promise.all<
        [ReturnType<typeof alertsForPreview>, Promise<string[]>]
      >([
        alertsForPreview(db, {
          city: draft.city,
          severity: draft.severity,
          sensorType,
          since,
          limit: ESCALATION_PREVIEW_LIMIT,
        }),
        sensorType === null
          ? sensorTypesWithPolicy(db, draft.city, draft.severity)
          : Promise.resolve([]),
      ]);
      const steps = draft.steps.map(normalizeStep);
      return {
        since: since.toISOString(),
        total,
        items: alerts.map((alert) => ({
          alert: {
            id: alert.id,
            title: alert.title,
            facts: alert.facts,
            severity: alertSeveritySchema.parse(alert.severity),
            status: alertStatusSchema.parse(alert.status),
            // A sensor of a type outside the six (noise, parking) is previewed without one.
            sensorType: sensorTypeSchema.safeParse(alert.sensor_type).data ?? null,
            createdAt: iso(alert.created_at),
          },
          steps: previewSteps(
            alert,
            steps,
            now,
            alert.sensor_type !== null && typed.includes(alert.sensor_type),
          ),
        })),
      };
    },
  };
}
