import { randomUUID } from 'node:crypto';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  ALERT_TRANSITIONS,
  ACTIVE_ALERT_STATUSES,
  alertHistoryEntrySchema,
  alertFactsSchema,
  alertSeveritySchema,
  alertStatusSchema,
  AUTO_RESOLVE_AFTER_MS,
  cityKeySchema,
  FLOOD_THRESHOLD,
  FLOOD_WINDOW_MS,
  OFFLINE_AFTER_MS,
  OPERATIONAL_ALERT_RULES,
  statusesOf,
  type Alert,
  type AlertAction,
  type AlertCounts,
  type AlertHistoryEntry,
  type AlertNarrowingQuery,
  type AlertSeverity,
  type AlertStatus,
  type AlertStatusFilter,
  type CityTwinAlert,
  type Role,
  type SensorType,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AlertHistoryRow, AlertRow, Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import type { Metrics } from '../../metrics/metrics';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import type { SensorsService } from '../sensors/sensors.service';
import {
  applyAlertRules,
  emptyChanges,
  resolveBySystem,
  type AlertChanges,
  type EngineReading,
  type EngineSensor,
} from './alert-engine';
import { presentGroup } from './alert-group-presenter';
import { gatherFloods, refreshGroups, type FloodRule } from './alert-groups.repository';
import { offlineVerdict } from './alert-rules';
import {
  countActiveAlertsByCity,
  countActiveAlertsByState,
  countAlertsBySeverityAndStatus,
  endExpiredShelves,
  findAlert,
  insertHistory,
  listActiveAlertsOfCity,
  listAlerts,
  listHistory,
  updateAlert,
  type AlertFilter,
  type AlertNarrowing,
  type AssigneeFilter,
} from './alerts.repository';
import { endSuppressions, insertRaisedMarkingSuppressed } from './maintenance-windows.repository';
import { Conflict, NotFound } from '../../lib/domain-errors';
import { createUnitOfWork, type Work } from '../../lib/unit-of-work';

export type { AlertChanges, EngineReading, EngineSensor } from './alert-engine';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Maps a stored alert to the contract's shape. */
export function presentAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    severity: alertSeveritySchema.parse(row.severity),
    status: alertStatusSchema.parse(row.status),
    sensorId: row.sensor_id,
    city: cityKeySchema.parse(row.city_key),
    location: row.location,
    rule: row.rule,
    value: row.value,
    // A fact of a shape this version does not know leaves the alert to its stored words.
    facts: row.facts === null ? null : (alertFactsSchema.safeParse(row.facts).data ?? null),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by,
    note: row.note,
    assignee:
      row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
    assignedAt: iso(row.assigned_at),
    escalatedAt: iso(row.escalated_at),
    severitySince: iso(row.severity_since),
    shelvedUntil: iso(row.shelved_until),
    shelvedReason: row.shelved_reason,
    shelvedBy: row.shelved_by,
    groupId: row.group_id,
    suppressed: row.suppressed,
    chattering: row.chattering,
  };
}

function presentHistory(row: AlertHistoryRow): AlertHistoryEntry {
  return alertHistoryEntrySchema.parse({
    action: row.action,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    severity: row.severity,
    actor: row.actor,
    note: row.note,
    at: iso(row.at),
    details: row.details,
  });
}

/** The refusal every alert action gives for an id that names no alert. */
export function alertNotFound(id: string) {
  return new NotFound(`No alert with id "${id}"`);
}

const PAST_TENSE: Record<AlertAction, 'acknowledged' | 'resolved' | 'dismissed'> = {
  acknowledge: 'acknowledged',
  resolve: 'resolved',
  dismiss: 'dismissed',
};

/** The history's note when a shelve runs out. */
const SHELVE_ENDED_NOTE = 'Shelve ended';

/** The history's note when a maintenance window ends with its alert still active. */
const SUPPRESSION_ENDED_NOTE = 'Maintenance over: still out of range';

/** Why a shelve ended, as the history details and the public record say it. */
type UnshelveCause = 'manual' | 'expired' | 'worsened';

/** The person behind an alert action, as the routes know them. */
export type AlertActor = { id: string; name: string; email: string; role: Role };

/** `assignee=me|unassigned|<id>` of a list, for the caller. */
export function assigneeFilterOf(
  value: string | undefined,
  callerId: string,
): AssigneeFilter | undefined {
  if (value === undefined) return undefined;
  if (value === 'me') return { id: callerId };
  if (value === 'unassigned') return 'unassigned';
  return { id: value };
}

/** The list's and the counts' narrowing filters, from the query's words to the repository's. */
export function narrowingOf(query: AlertNarrowingQuery): {
  [K in keyof AlertNarrowing]: AlertNarrowing[K] | undefined;
} & Record<keyof AlertNarrowing, unknown> {
  const at = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  const yes = (value: 'true' | 'false' | undefined) =>
    value === undefined ? undefined : value === 'true';
  return {
    from: at(query.from),
    to: at(query.to),
    raisedBefore: at(query.raisedBefore),
    chattering: yes(query.chattering),
    grouped: yes(query.grouped),
    sensorId: query.sensorId,
    rule: query.rule,
  };
}

/** How the history and the lists name a person acting on an alert. */
function actorWords(actor: AlertActor): string {
  return actor.name ? `${actor.name} <${actor.email}>` : actor.email;
}

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  sensors: SensorsService;
  now: () => Date;
  metrics: Metrics;
  /** Operators' actions on alerts go on the public record. */
  ledger: LedgerService;
  /** How long a sensor that has reported may stay silent before it is offline (SENSOR_OFFLINE_AFTER_S). */
  offlineAfterMs?: number;
  /**
   * Whether a value past a rule's limit waits out the rule's on-delay before raising an alert (the
   * default), or raises it at once (ALERT_ON_DELAY=off).
   */
  onDelay?: boolean;
  /** When alerts of one kind make a flood group; FLOOD_THRESHOLD in FLOOD_WINDOW_MS by default. */
  floodRule?: FloodRule;
}) {
  const offlineAfterMs = deps.offlineAfterMs ?? OFFLINE_AFTER_MS;
  const floodRule = deps.floodRule ?? { threshold: FLOOD_THRESHOLD, windowMs: FLOOD_WINDOW_MS };
  const { db, metrics } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);
  metrics.observe({ activeAlerts: () => countActiveAlertsByState(db, deps.now()) });

  /**
   * Puts the alerts just raised into flood groups, inside the transaction that raised them: a new
   * alert goes out already in its group; one raised earlier that a new group takes in goes out as
   * an update.
   */
  async function gather(trx: Transaction<Database>, changes: AlertChanges, now: Date) {
    const { joined, groups } = await gatherFloods(trx, changes.created, now, floodRule);
    if (joined.length === 0) return;
    const byId = new Map(joined.map((row) => [row.id, row]));
    changes.created = changes.created.map((row) => byId.get(row.id) ?? row);
    const created = new Set(changes.created.map((row) => row.id));
    changes.updated.push(...joined.filter((row) => !created.has(row.id)));
    changes.groups.push(...groups);
  }

  /**
   * Publishes what changed, in the unit of work that changed it: live viewers hear of it once the
   * transaction has committed. A member that changed (resolved, acknowledged) changes its group's
   * figures: they are counted again from the members here.
   */
  async function publishChanges(unit: Work, changes: AlertChanges) {
    const told = new Set(changes.groups.map((g) => g.id));
    const stale = changes.updated.flatMap((row) =>
      row.group_id && !told.has(row.group_id) ? [row.group_id] : [],
    );
    const groups = [...changes.groups, ...(await refreshGroups(unit.trx, stale, deps.now()))];
    for (const row of changes.created) {
      // Raised inside a maintenance window: stored for the record, never announced as new.
      if (row.suppressed) continue;
      unit.afterCommit(() => metrics.alertsRaised.inc({ severity: row.severity }));
      unit.publish('alert:created', presentAlert(row));
    }
    for (const row of changes.updated) unit.publish('alert:updated', presentAlert(row));
    for (const group of groups) unit.publish('alertGroup:updated', presentGroup(group));
    unit.publish('counts:changed', { cities: [...changes.countsChanged] });
  }

  /** Publishes one alert a person changed; `countsMoved` when it left or rejoined the counts. */
  function publishUpdated(unit: Work, row: AlertRow, countsMoved: boolean) {
    const changes = emptyChanges();
    changes.updated.push(row);
    if (countsMoved) changes.countsChanged.add(row.city_key);
    return publishChanges(unit, changes);
  }

  /**
   * Puts a shelve's end on the public record, in the transaction that ended it: which alert, why,
   * and by which role (the system, when its time ran out or the value worsened).
   */
  async function recordUnshelve(
    unit: Work,
    alert: AlertRow,
    cause: UnshelveCause,
    now: Date,
    actor?: AlertActor,
  ) {
    await deps.ledger.record(unit, {
      type: 'alert.unshelved',
      payload: {
        alertId: alert.id,
        title: alert.title,
        // What the rule found, so that the record is worded in each reader's language.
        ...(alert.facts ? { facts: alert.facts } : {}),
        severity: alert.severity,
        city: alert.city_key,
        sensorId: alert.sensor_id,
        status: alert.status,
        cause,
        // No one when the system ended it: its time ran out, or the value worsened.
        ...(actor ? { by: publicActor(actor) } : {}),
      },
      at: now,
      ref: `alert:${alert.id}:unshelved:${now.toISOString()}`,
    });
  }

  return {
    /**
     * Runs the alert rules over a batch of readings in the caller's unit of work, which publishes
     * the alerts raised and changed once it commits.
     */
    async applyRules(
      unit: Work,
      readingsBySensor: Map<EngineSensor, EngineReading[]>,
      now: Date,
    ): Promise<void> {
      metrics.alertRuleEvaluations.inc(readingsBySensor.size);
      const changes = await applyAlertRules(unit.trx, readingsBySensor, now, {
        onDelay: deps.onDelay ?? true,
      });
      for (const row of changes.unshelved) await recordUnshelve(unit, row, 'worsened', now);
      await gather(unit.trx, changes, now);
      await publishChanges(unit, changes);
    },

    /** Active alerts per city (shelved ones left out), for the dashboard figures. */
    countActiveByCity(cities?: readonly string[]) {
      return countActiveAlertsByCity(db, deps.now(), cities);
    },

    /**
     * The open and acknowledged alerts of a city that are not shelved, the worst first, as the city
     * twin shows them.
     */
    async activeOfCity(city: string): Promise<CityTwinAlert[]> {
      return (await listActiveAlertsOfCity(db, city, deps.now())).map((row) => ({
        id: row.id,
        sensorId: row.sensor_id,
        severity: alertSeveritySchema.parse(row.severity),
        title: row.title,
        facts: row.facts,
        createdAt: iso(row.created_at)!,
      }));
    },

    async list(filter: Omit<AlertFilter, 'now'>): Promise<Alert[]> {
      return (await listAlerts(db, { ...filter, now: deps.now() })).map(presentAlert);
    },

    /**
     * One alert; 404 when there is none, or when a resident asks for one only operators act on
     * (as if it were not there: their lists never show it).
     */
    async get(id: string, residentView = false): Promise<Alert> {
      const row = await findAlert(db, id);
      if (!row || (residentView && OPERATIONAL_ALERT_RULES.includes(row.rule))) {
        throw alertNotFound(id);
      }
      return presentAlert(row);
    },

    /**
     * The alerts of a city matching `q`, counted per severity (within `status`) and per status
     * (within `severity`): each count is the length of the list that selecting it shows. Shelved
     * alerts are counted apart from their status, in `shelved`.
     */
    async counts(
      filter: AlertNarrowing & {
        city?: string;
        q?: string;
        status?: AlertStatusFilter;
        severity?: AlertSeverity;
        assignee?: AssigneeFilter;
        type?: SensorType;
        residentView?: boolean;
      },
    ): Promise<AlertCounts> {
      const statuses = filter.status === undefined ? ALERT_STATUSES : statusesOf(filter.status);
      const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<
        AlertSeverity,
        number
      >;
      const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0])) as Record<
        AlertStatus,
        number
      >;
      let shelved = 0;
      let suppressed = 0;
      const now = deps.now();
      for (const row of await countAlertsBySeverityAndStatus(db, { ...filter, now })) {
        const severity = alertSeveritySchema.parse(row.severity);
        const status = alertStatusSchema.parse(row.status);
        const unshelved = row.count - row.shelved - row.suppressed;
        // As the list filters: no status counts every alert, `shelved` only the shelved ones,
        // `suppressed` only the suppressed ones, and any other status filter the rest.
        if (filter.status === undefined) bySeverity[severity] += row.count;
        else if (filter.status === 'shelved') bySeverity[severity] += row.shelved;
        else if (filter.status === 'suppressed') bySeverity[severity] += row.suppressed;
        else if (filter.status === 'announced') bySeverity[severity] += row.count - row.suppressed;
        else if (statuses.includes(status)) bySeverity[severity] += unshelved;
        if (filter.severity === undefined || filter.severity === severity) {
          byStatus[status] += unshelved;
          shelved += row.shelved;
          suppressed += row.suppressed;
        }
      }
      return { bySeverity, byStatus, shelved, suppressed };
    },

    async history(id: string, residentView = false): Promise<AlertHistoryEntry[]> {
      const row = await findAlert(db, id);
      if (!row || (residentView && OPERATIONAL_ALERT_RULES.includes(row.rule))) {
        throw alertNotFound(id);
      }
      return (await listHistory(db, id)).map(presentHistory);
    },

    /** Acknowledges, resolves or dismisses an alert for a person, recording who, when and why. */
    async transition(
      id: string,
      action: AlertAction,
      actor: AlertActor,
      note: string | undefined,
    ): Promise<Alert> {
      const { from, to } = ALERT_TRANSITIONS[action];
      const now = deps.now();
      const who = actorWords(actor);
      const row = await unitOfWork(async (unit) => {
        const alert = await findAlert(unit.trx, id, true);
        if (!alert) throw alertNotFound(id);
        if (!from.includes(alertStatusSchema.parse(alert.status))) {
          throw new Conflict(
            `This alert is ${alert.status} and cannot be ${PAST_TENSE[action]}; ` +
              `only ${from.join(' or ')} alerts can.`,
          );
        }
        const updated = await updateAlert(unit.trx, id, {
          status: to,
          updated_at: now,
          note: note ?? alert.note,
          ...(action === 'acknowledge'
            ? { acknowledged_at: now, acknowledged_by: who }
            : // An ended alert needs nothing more: a shelve has nothing left to put aside.
              {
                resolved_at: now,
                resolved_by: who,
                shelved_until: null,
                shelved_reason: null,
                shelved_by: null,
              }),
        });
        await insertHistory(unit.trx, {
          alert_id: id,
          action,
          from_status: alert.status,
          to_status: to,
          severity: alert.severity,
          actor: who,
          note: note ?? null,
          at: now,
        });
        // On the public record: what was done to which alert and by which role, never the note
        // (it may name people) nor who by name.
        await deps.ledger.record(unit, {
          type: `alert.${PAST_TENSE[action]}`,
          payload: {
            alertId: id,
            title: alert.title,
            // What the rule found, so that the record is worded in each reader's language.
            ...(alert.facts ? { facts: alert.facts } : {}),
            severity: alert.severity,
            city: alert.city_key,
            sensorId: alert.sensor_id,
            from: alert.status,
            to,
            by: publicActor(actor),
          },
          at: now,
          ref: `alert:${id}:${PAST_TENSE[action]}`,
        });
        await publishUpdated(unit, updated!, action !== 'acknowledge');
        return updated!;
      });
      return presentAlert(row);
    },

    /**
     * Shelves an open or acknowledged alert for `minutes` with a reason: it leaves the active lists,
     * counts and figures and does not escalate until then, and comes back earlier if its value
     * worsens. Shelving a shelved alert again sets a new time and reason. Recorded in the history
     * and on the public record.
     */
    async shelve(
      id: string,
      shelve: { minutes: number; reason: string },
      actor: AlertActor,
    ): Promise<Alert> {
      const now = deps.now();
      const until = new Date(now.getTime() + shelve.minutes * 60_000);
      const who = actorWords(actor);
      const row = await unitOfWork(async (unit) => {
        const alert = await findAlert(unit.trx, id, true);
        if (!alert) throw alertNotFound(id);
        if (!ACTIVE_ALERT_STATUSES.includes(alertStatusSchema.parse(alert.status))) {
          throw new Conflict(
            `This alert is ${alert.status} and cannot be shelved; only open or acknowledged alerts can.`,
          );
        }
        const updated = await updateAlert(unit.trx, id, {
          shelved_until: until,
          shelved_reason: shelve.reason,
          shelved_by: who,
          updated_at: now,
        });
        const historyId = await insertHistory(unit.trx, {
          alert_id: id,
          action: 'shelved',
          from_status: alert.status,
          to_status: alert.status,
          severity: alert.severity,
          actor: who,
          note: shelve.reason,
          at: now,
          details: { kind: 'shelve', minutes: shelve.minutes, until: until.toISOString() },
        });
        // As for the other actions: the role, never the name nor the reason (it may name people).
        await deps.ledger.record(unit, {
          type: 'alert.shelved',
          payload: {
            alertId: id,
            title: alert.title,
            // What the rule found, so that the record is worded in each reader's language.
            ...(alert.facts ? { facts: alert.facts } : {}),
            severity: alert.severity,
            city: alert.city_key,
            sensorId: alert.sensor_id,
            status: alert.status,
            minutes: shelve.minutes,
            until: until.toISOString(),
            by: publicActor(actor),
          },
          at: now,
          // One entry per shelve, however quickly an alert is shelved again.
          ref: `alert:${id}:shelved:${historyId}`,
        });
        await publishUpdated(unit, updated!, true);
        return updated!;
      });
      return presentAlert(row);
    },

    /** Ends an alert's shelve before its time: it is back in the active views at once. */
    async unshelve(id: string, actor: AlertActor): Promise<Alert> {
      const now = deps.now();
      const who = actorWords(actor);
      const row = await unitOfWork(async (unit) => {
        const alert = await findAlert(unit.trx, id, true);
        if (!alert) throw alertNotFound(id);
        if (alert.shelved_until === null || new Date(alert.shelved_until) <= now) {
          throw new Conflict('This alert is not shelved.');
        }
        const updated = await updateAlert(unit.trx, id, {
          shelved_until: null,
          shelved_reason: null,
          shelved_by: null,
          updated_at: now,
        });
        await insertHistory(unit.trx, {
          alert_id: id,
          action: 'unshelved',
          from_status: alert.status,
          to_status: alert.status,
          severity: alert.severity,
          actor: who,
          note: null,
          at: now,
          details: { kind: 'unshelve', cause: 'manual' },
        });
        await recordUnshelve(unit, updated!, 'manual', now, actor);
        await publishUpdated(unit, updated!, true);
        return updated!;
      });
      return presentAlert(row);
    },

    /**
     * The periodic checks: sensors not heard from for `offlineAfterMs` go offline and raise a warning,
     * alerts back in range for AUTO_RESOLVE_AFTER_MS resolve themselves even when no reading
     * follows, and shelves whose time has come end.
     */
    async runChecks(): Promise<{ offline: number; resolved: number; unshelved: number }> {
      const now = deps.now();
      let offline: Awaited<ReturnType<SensorsService['markSilentOffline']>> = [];
      const changes = await unitOfWork(async (unit) => {
        const result = emptyChanges();
        offline = await deps.sensors.markSilentOffline(
          unit.trx,
          new Date(now.getTime() - offlineAfterMs),
          now,
        );
        const raised = await insertRaisedMarkingSuppressed(
          unit.trx,
          offline.map((sensor) => {
            const verdict = offlineVerdict(sensor, sensor.last_heard);
            return {
              id: randomUUID(),
              sensor_id: sensor.id,
              city_key: sensor.city_key,
              location: sensor.location,
              rule: verdict.rule,
              title: verdict.title,
              message: verdict.message,
              facts: verdict.facts,
              severity: verdict.severity,
              value: null,
              in_range_since: null,
              created_at: now,
            };
          }),
          now,
        );
        for (const sensor of offline) result.countsChanged.add(sensor.city_key);
        result.created.push(...raised);
        await resolveBySystem(
          unit.trx,
          { inRangeSince: new Date(now.getTime() - AUTO_RESOLVE_AFTER_MS) },
          now,
          'Back in range for 10 minutes',
          result,
        );
        const resolved = result.updated.length;
        // Maintenance is over but the sensor is still out of range or silent: operators see it now.
        for (const alert of await endSuppressions(unit.trx, now, SUPPRESSION_ENDED_NOTE)) {
          result.created.push(alert);
          result.countsChanged.add(alert.city_key);
        }
        await gather(unit.trx, result, now);
        for (const alert of await endExpiredShelves(unit.trx, now, SHELVE_ENDED_NOTE)) {
          await recordUnshelve(unit, alert, 'expired', now);
          result.updated.push(alert);
          result.unshelved.push(alert);
          result.countsChanged.add(alert.city_key);
        }
        deps.sensors.publishStatus(unit, offline, 'offline');
        await publishChanges(unit, result);
        return { ...result, resolved };
      });
      return {
        offline: offline.length,
        resolved: changes.resolved,
        unshelved: changes.unshelved.length,
      };
    },
  };
}
