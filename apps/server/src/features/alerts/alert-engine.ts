import { randomUUID } from 'node:crypto';
import {
  alarmRuleTuningFor,
  alertFactsSchema,
  AUTO_RESOLVE_AFTER_MS,
  type AlertSeverity,
  type SensorType,
} from '@smart-city/shared';
import type { Transaction } from 'kysely';
import type { AlertGroupRow, AlertPendingRow, AlertRow, Database } from '../../db/schema';
import {
  findAlertStateForSensors,
  ruleKey,
  writePending,
  type PendingWrite,
} from './alert-pending.repository';
import {
  ALERT_RULES,
  evaluateReading,
  moreSevere,
  type RuleSensor,
  type RuleVerdict,
} from './alert-rules';
import {
  insertHistory,
  resolveAlertsBySystem,
  SYSTEM_ACTOR,
  touchAlerts,
  updateAlert,
  type RaisedAlert,
} from './alerts.repository';
import { insertRaisedMarkingSuppressed } from './maintenance-windows.repository';

export type EngineSensor = RuleSensor & { id: string; city_key: string };
export type EngineReading = { value: number; at: Date; metadata?: Record<string, unknown> };

/**
 * Alerts an ingest batch created or changed, to announce after commit; `unshelved` are those of
 * them whose shelve a worse reading ended, for the public record.
 */
export type AlertChanges = {
  created: AlertRow[];
  updated: AlertRow[];
  unshelved: AlertRow[];
  /** Flood groups made or changed (see alert-groups.repository.ts). */
  groups: AlertGroupRow[];
  countsChanged: Set<string>;
};

export function emptyChanges(): AlertChanges {
  return { created: [], updated: [], unshelved: [], groups: [], countsChanged: new Set() };
}

/** The history's note when a worse reading ends a shelve. */
const SHELVE_WORSENED_NOTE = 'Shelve ended: the value worsened';

/** A rule's verdict on one reading, with the reading's value and time. */
type Point = RuleVerdict & { value: number; at: Date };
type Worst = Point & { severity: AlertSeverity };

type RuleState = {
  sensor: EngineSensor;
  rule: string;
  /** The on-delay of this sensor's rule, in ms (0 raises at the first reading out of range). */
  onDelayMs: number;
  /** Whether the sensor has an active alert of the rule, or the batch has raised one. */
  alerting: boolean;
  worst: Worst | null;
  latest: Point;
  /** The first clear reading after the last out-of-range one; null while out of range. */
  inRangeSince: Date | null;
  /** When the on-delay ran out: the alert's creation time; null when it was not raised by it. */
  raisedAt: Date | null;
  /** Waiting out the on-delay: since when, and the worst reading seen; null when not waiting. */
  pending: { since: Date; worst: Worst } | null;
  /** Whether a pending row was stored for it before the batch (to delete when it ends). */
  pendingStored: boolean;
  /** Whether the batch changed `pending`. */
  pendingChanged: boolean;
};

/** Engine settings: `onDelay` false raises at the first reading out of range (ALERT_ON_DELAY=off). */
export type EngineOptions = { onDelay: boolean };

/** The on-delay of a sensor's rule in ms (ALARM_RULE_TUNING), or 0 when on-delays are off. */
function onDelayMsOf(sensor: EngineSensor, rule: string, options: EngineOptions): number {
  if (!options.onDelay) return 0;
  return (alarmRuleTuningFor(sensor.type as SensorType, rule)?.onDelayS ?? 0) * 1000;
}

/** The worst of a pending row, as the verdict of the reading it stands for. */
function worstOfPending(row: AlertPendingRow): Worst {
  return {
    rule: row.rule,
    severity: row.severity as AlertSeverity,
    facts: alertFactsSchema.parse(row.facts),
    title: row.title,
    message: row.message,
    value: row.value,
    at: new Date(row.worst_at),
  };
}

/**
 * One reading's verdict applied to its rule's state. While the rule has an alert, a reading out of
 * range may escalate it and a clear one starts the countdown to resolving it; one inside the
 * deadband changes neither. Without an alert, a reading out of range starts (or continues) the
 * on-delay and raises the alert once the readings have stayed out of range that long; a clear
 * reading ends the wait (a fleeting alarm: nothing raised); one inside the deadband keeps it.
 */
function judge(state: RuleState, point: Point): void {
  if (!state.alerting) {
    if (point.severity === null) {
      if (point.clear && state.pending && point.at >= state.pending.since) {
        state.pending = null;
        state.pendingChanged = true;
      }
      return;
    }
    let pending = state.pending;
    // A late reading from before the wait began neither starts nor lengthens it.
    if (pending && point.at < pending.since) return;
    // Written only when the wait begins or worsens: a value that stays out of range at one
    // severity costs no write per batch.
    if (!pending) {
      pending = state.pending = { since: point.at, worst: point };
      state.pendingChanged = true;
    } else if (moreSevere(point.severity, pending.worst.severity)) {
      pending.worst = point;
      state.pendingChanged = true;
    }
    if (point.at.getTime() - pending.since.getTime() < state.onDelayMs) return;
    // Out of range long enough: the alert is raised with the worst seen while waiting (its words
    // those of the latest reading, when that is as bad).
    state.alerting = true;
    state.pendingChanged = true;
    state.worst = pending.worst;
    state.raisedAt = state.onDelayMs > 0 ? point.at : null;
    state.pending = null;
    state.latest = point;
    state.inRangeSince = null;
    return;
  }
  state.latest = point;
  if (point.severity === null) {
    if (point.clear) state.inRangeSince ??= point.at;
  } else {
    state.inRangeSince = null;
    if (!state.worst || !moreSevere(state.worst.severity, point.severity)) state.worst = point;
  }
}

/**
 * Applies the alert rules to one batch of readings, inside the batch's transaction: raises one alert
 * per sensor and rule once its readings have stayed out of range for the rule's on-delay, escalates
 * it in place at once, notes when it came back in range past the rule's deadband and resolves it
 * once it has stayed there for AUTO_RESOLVE_AFTER_MS. A reading also resolves the sensor's offline
 * alert. `readingsBySensor` holds each sensor's readings in time order.
 */
export async function applyAlertRules(
  trx: Transaction<Database>,
  readingsBySensor: Map<EngineSensor, EngineReading[]>,
  now: Date,
  options: EngineOptions = { onDelay: true },
): Promise<AlertChanges> {
  const changes = emptyChanges();
  const sensorIds = [...readingsBySensor.keys()].map((s) => s.id);
  const { active, pending } = await findAlertStateForSensors(trx, sensorIds, options.onDelay);
  const activeByKey = new Map(active.map((a) => [ruleKey(a.sensor_id!, a.rule), a]));
  const pendingByKey = new Map(pending.map((p) => [ruleKey(p.sensor_id, p.rule), p]));
  const withState = new Set([...active, ...pending].map((a) => a.sensor_id));

  const states = new Map<string, RuleState>();
  for (const [sensor, readings] of readingsBySensor) {
    // A sensor without an active alert or a wait whose readings all stay in range needs nothing:
    // most do.
    let followed = withState.has(sensor.id);
    for (const reading of readings) {
      for (const verdict of evaluateReading(sensor, reading)) {
        if (verdict.severity === null && !followed) continue;
        followed = true;
        const key = ruleKey(sensor.id, verdict.rule);
        const point: Point = { ...verdict, value: reading.value, at: reading.at };
        let state = states.get(key);
        if (!state) {
          const stored = pendingByKey.get(key);
          const alerting = activeByKey.has(key);
          state = {
            sensor,
            rule: verdict.rule,
            onDelayMs: onDelayMsOf(sensor, verdict.rule, options),
            alerting,
            worst: null,
            latest: point,
            inRangeSince: null,
            raisedAt: null,
            pending:
              stored && !alerting
                ? { since: new Date(stored.since), worst: worstOfPending(stored) }
                : null,
            pendingStored: stored !== undefined,
            // A wait left beside an active alert (two processes raced) is over.
            pendingChanged: stored !== undefined && alerting,
          };
          states.set(key, state);
        }
        judge(state, point);
      }
    }
  }

  // What the batch did to the waits, in one statement: those ended or raised are deleted, the
  // others kept with their worst reading.
  const gone: { sensor_id: string; rule: string }[] = [];
  const kept: PendingWrite[] = [];
  for (const state of states.values()) {
    if (!state.pendingChanged) continue;
    const ids = { sensor_id: state.sensor.id, rule: state.rule };
    if (state.pending) {
      const { worst, since } = state.pending;
      kept.push({
        ...ids,
        since,
        severity: worst.severity,
        value: worst.value,
        title: worst.title,
        message: worst.message,
        facts: worst.facts,
        worst_at: worst.at,
      });
    } else if (state.pendingStored) gone.push(ids);
  }
  await writePending(trx, gone, kept, now);

  // Readings resumed: the sensors' offline alerts are over.
  const resumed = [...readingsBySensor.keys()].flatMap((sensor) => {
    const offline = activeByKey.get(ruleKey(sensor.id, ALERT_RULES.offline));
    return offline ? [offline.id] : [];
  });
  await resolveBySystem(trx, resumed, now, 'Readings resumed', changes);

  // New alerts, alerts back in range long enough, and alerts that only follow their sensor's latest
  // value are each written in one statement, however many sensors the batch holds.
  const raised: RaisedAlert[] = [];
  const backInRange: string[] = [];
  const touches: Parameters<typeof touchAlerts>[1] = [];
  for (const [key, state] of states) {
    const existing = activeByKey.get(key);
    if (!existing) {
      if (!state.worst || !state.alerting) continue;
      // As when escalating: the message names the reading that set the severity (the batch's
      // worst, unless the latest is as bad), the value follows the latest reading out of range.
      const peak = state.latest.severity === state.worst.severity ? state.latest : state.worst;
      raised.push({
        id: randomUUID(),
        sensor_id: state.sensor.id,
        city_key: state.sensor.city_key,
        location: state.sensor.location,
        rule: state.rule,
        title: peak.title,
        message: peak.message,
        facts: peak.facts,
        severity: state.worst.severity,
        value: state.latest.severity ? state.latest.value : state.worst.value,
        in_range_since: state.inRangeSince,
        // Raised by the on-delay: when it ran out; at once: the reading that set the severity.
        created_at: state.raisedAt ?? state.worst.at,
      });
      continue;
    }

    const escalate =
      state.worst !== null && moreSevere(state.worst.severity, existing.severity as AlertSeverity);
    const inRangeSince = state.worst
      ? state.inRangeSince
      : (existing.in_range_since ?? state.inRangeSince);
    if (
      inRangeSince &&
      state.latest.at.getTime() - new Date(inRangeSince).getTime() >= AUTO_RESOLVE_AFTER_MS
    ) {
      backInRange.push(existing.id);
      continue;
    }
    // Nothing to write while the sensor stays in range and the countdown is already running.
    if (!state.worst && existing.in_range_since) continue;
    const severity = escalate ? state.worst!.severity : (existing.severity as AlertSeverity);
    // The message names the reading that set the alert's severity (its peak), never a milder one
    // under a higher badge; the value follows the sensor's latest reading.
    const peak =
      state.latest.severity === severity
        ? state.latest
        : state.worst?.severity === severity
          ? state.worst
          : null;
    const value = state.latest.severity ? state.latest.value : (state.worst?.value ?? null);
    if (!escalate) {
      touches.push({
        id: existing.id,
        title: peak?.title ?? existing.title,
        message: peak?.message ?? existing.message,
        facts: peak?.facts ?? existing.facts,
        value: value ?? existing.value ?? state.latest.value,
        inRangeSince: inRangeSince ? new Date(inRangeSince) : null,
      });
      continue;
    }
    // A shelve puts aside the alert as it was: worse than that, it needs eyes again at once.
    const wasShelved = existing.shelved_until !== null && new Date(existing.shelved_until) > now;
    const updated = await updateAlert(trx, existing.id, {
      updated_at: now,
      in_range_since: inRangeSince,
      severity,
      // The escalation policy of the new severity counts its steps from here.
      severity_since: now,
      title: peak!.title,
      message: peak!.message,
      facts: JSON.stringify(peak!.facts),
      ...(value !== null ? { value } : {}),
      ...(existing.shelved_until !== null
        ? { shelved_until: null, shelved_reason: null, shelved_by: null }
        : {}),
    });
    if (!updated) continue;
    if (wasShelved) {
      await insertHistory(trx, {
        alert_id: updated.id,
        action: 'unshelved',
        from_status: existing.status,
        to_status: updated.status,
        severity: updated.severity,
        actor: SYSTEM_ACTOR,
        note: SHELVE_WORSENED_NOTE,
        at: now,
        details: { kind: 'unshelve', cause: 'worsened' },
      });
      changes.unshelved.push(updated);
      changes.countsChanged.add(updated.city_key);
    }
    await insertHistory(trx, {
      alert_id: updated.id,
      action: 'escalated',
      from_status: existing.status,
      to_status: updated.status,
      severity: updated.severity,
      actor: SYSTEM_ACTOR,
      note: updated.message,
      at: now,
      details: { kind: 'facts', facts: peak!.facts },
    });
    if (updated.severity === 'critical') changes.countsChanged.add(updated.city_key);
    changes.updated.push(updated);
  }
  for (const alert of await insertRaisedMarkingSuppressed(trx, raised, now)) {
    changes.created.push(alert);
    changes.countsChanged.add(alert.city_key);
  }
  await resolveBySystem(trx, backInRange, now, 'Back in range for 10 minutes', changes);
  changes.updated.push(...(await touchAlerts(trx, touches, now)));
  return changes;
}

/** Resolves these alerts on the system's behalf, recording each as an auto-resolve with `note`. */
export async function resolveBySystem(
  trx: Transaction<Database>,
  which: readonly string[] | { inRangeSince: Date },
  now: Date,
  note: string,
  changes: AlertChanges,
): Promise<void> {
  const resolved = await resolveAlertsBySystem(
    trx,
    Array.isArray(which) ? { ids: which } : (which as { inRangeSince: Date }),
    now,
    note,
  );
  for (const alert of resolved) {
    changes.updated.push(alert);
    changes.countsChanged.add(alert.city_key);
  }
}
