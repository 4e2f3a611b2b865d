import { randomUUID } from 'node:crypto';
import { AUTO_RESOLVE_AFTER_MS, type AlertSeverity } from '@smart-city/shared';
import type { Transaction } from 'kysely';
import type { AlertGroupRow, AlertRow, Database } from '../../db/schema';
import {
  ALERT_RULES,
  evaluateReading,
  moreSevere,
  type RuleSensor,
  type RuleVerdict,
} from './alert-rules';
import {
  findActiveAlertsForSensors,
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
export const SHELVE_WORSENED_NOTE = 'Shelve ended: the value worsened';

/** A rule's verdict on one reading, with the reading's value and time. */
type Point = RuleVerdict & { value: number; at: Date };

type RuleState = {
  sensor: EngineSensor;
  rule: string;
  worst: (Point & { severity: AlertSeverity }) | null;
  latest: Point;
  /** The first in-range reading after the last out-of-range one; null while out of range. */
  inRangeSince: Date | null;
};

/**
 * Applies the alert rules to one batch of readings, inside the batch's transaction: raises one alert
 * per sensor and rule, escalates it in place, notes when it came back in range and resolves it once it
 * has stayed there for AUTO_RESOLVE_AFTER_MS. A reading also resolves the sensor's offline alert.
 * `readingsBySensor` holds each sensor's readings in time order.
 */
export async function applyAlertRules(
  trx: Transaction<Database>,
  readingsBySensor: Map<EngineSensor, EngineReading[]>,
  now: Date,
): Promise<AlertChanges> {
  const changes = emptyChanges();
  const sensorIds = [...readingsBySensor.keys()].map((s) => s.id);
  const active = await findActiveAlertsForSensors(trx, sensorIds);
  const activeByKey = new Map(active.map((a) => [`${a.sensor_id}\u0000${a.rule}`, a]));
  const withAlerts = new Set(active.map((a) => a.sensor_id));

  const states = new Map<string, RuleState>();
  for (const [sensor, readings] of readingsBySensor) {
    // A sensor without an active alert whose readings all stay in range needs nothing: most do.
    let followed = withAlerts.has(sensor.id);
    for (const reading of readings) {
      for (const verdict of evaluateReading(sensor, reading)) {
        if (verdict.severity === null && !followed) continue;
        followed = true;
        const key = `${sensor.id}\u0000${verdict.rule}`;
        const point: Point = { ...verdict, value: reading.value, at: reading.at };
        let state = states.get(key);
        if (!state) {
          state = { sensor, rule: verdict.rule, worst: null, latest: point, inRangeSince: null };
          states.set(key, state);
        }
        state.latest = point;
        if (point.severity === null) {
          state.inRangeSince ??= reading.at;
        } else {
          state.inRangeSince = null;
          if (!state.worst || !moreSevere(state.worst.severity, point.severity))
            state.worst = point;
        }
      }
    }
  }

  // Readings resumed: the sensors' offline alerts are over.
  const resumed = [...readingsBySensor.keys()].flatMap((sensor) => {
    const offline = activeByKey.get(`${sensor.id}\u0000${ALERT_RULES.offline}`);
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
      if (!state.worst) continue;
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
        created_at: state.worst.at,
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
