import { randomUUID } from 'node:crypto';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  ALERT_TRANSITIONS,
  alertHistoryEntrySchema,
  alertSeveritySchema,
  alertStatusSchema,
  AUTO_RESOLVE_AFTER_MS,
  cityKeySchema,
  ERROR_CODES,
  OFFLINE_AFTER_MS,
  OPERATIONAL_ALERT_RULES,
  statusesOf,
  type Alert,
  type AlertAction,
  type AlertCounts,
  type AlertHistoryEntry,
  type AlertSeverity,
  type AlertStatus,
  type AlertStatusFilter,
  type CityTwinAlert,
  type Role,
  type SensorType,
} from '@smart-city/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AlertHistoryRow, AlertRow, Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
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
import { offlineVerdict } from './alert-rules';
import {
  countActiveAlertsByCity,
  countActiveAlertsByState,
  countAlertsBySeverityAndStatus,
  findAlert,
  insertHistory,
  insertRaisedAlerts,
  listActiveAlertsOfCity,
  listAlerts,
  listHistory,
  updateAlert,
  type AlertFilter,
  type AssigneeFilter,
} from './alerts.repository';

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

function alertNotFound(id: string) {
  return new HttpError(404, ERROR_CODES.notFound, `No alert with id "${id}"`);
}

const PAST_TENSE: Record<AlertAction, 'acknowledged' | 'resolved' | 'dismissed'> = {
  acknowledge: 'acknowledged',
  resolve: 'resolved',
  dismiss: 'dismissed',
};

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

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  sensors: SensorsService;
  now: () => Date;
  metrics: Metrics;
  /** Operators' actions on alerts go on the public record. */
  ledger: LedgerService;
  /** Tells the dashboard counts that these cities' active alerts changed; called after commit. */
  countsChanged: (cities: Iterable<string>) => Promise<void>;
  /** How long a sensor that has reported may stay silent before it is offline (SENSOR_OFFLINE_AFTER_S). */
  offlineAfterMs?: number;
}) {
  const offlineAfterMs = deps.offlineAfterMs ?? OFFLINE_AFTER_MS;
  const { db, events, metrics } = deps;
  metrics.observe({ activeAlerts: () => countActiveAlertsByState(db) });

  /** Tells live viewers what changed; only ever called once the transaction has committed. */
  async function announce(changes: AlertChanges) {
    for (const row of changes.created) {
      metrics.alertsRaised.inc({ severity: row.severity });
      events.emit('alert:created', presentAlert(row));
    }
    for (const row of changes.updated) events.emit('alert:updated', presentAlert(row));
    await deps.countsChanged(changes.countsChanged);
  }

  return {
    announce,

    /**
     * Runs the alert rules over a batch of readings inside the caller's transaction; announce the
     * changes it returns once that transaction has committed.
     */
    applyRules(
      trx: Transaction<Database>,
      readingsBySensor: Map<EngineSensor, EngineReading[]>,
      now: Date,
    ): Promise<AlertChanges> {
      metrics.alertRuleEvaluations.inc(readingsBySensor.size);
      return applyAlertRules(trx, readingsBySensor, now);
    },

    /** Active alerts per city, for the dashboard figures. */
    countActiveByCity(cities?: readonly string[]) {
      return countActiveAlertsByCity(db, cities);
    },

    /** The open and acknowledged alerts of a city, the worst first, as the city twin shows them. */
    async activeOfCity(city: string): Promise<CityTwinAlert[]> {
      return (await listActiveAlertsOfCity(db, city)).map((row) => ({
        id: row.id,
        sensorId: row.sensor_id,
        severity: alertSeveritySchema.parse(row.severity),
        title: row.title,
        createdAt: iso(row.created_at)!,
      }));
    },

    async list(filter: AlertFilter): Promise<Alert[]> {
      return (await listAlerts(db, filter)).map(presentAlert);
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
     * (within `severity`): each count is the length of the list that selecting it shows.
     */
    async counts(filter: {
      city?: string;
      q?: string;
      status?: AlertStatusFilter;
      severity?: AlertSeverity;
      assignee?: AssigneeFilter;
      type?: SensorType;
      residentView?: boolean;
    }): Promise<AlertCounts> {
      const statuses = filter.status === undefined ? ALERT_STATUSES : statusesOf(filter.status);
      const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as Record<
        AlertSeverity,
        number
      >;
      const byStatus = Object.fromEntries(ALERT_STATUSES.map((s) => [s, 0])) as Record<
        AlertStatus,
        number
      >;
      for (const row of await countAlertsBySeverityAndStatus(db, filter)) {
        const severity = alertSeveritySchema.parse(row.severity);
        const status = alertStatusSchema.parse(row.status);
        if (statuses.includes(status)) bySeverity[severity] += row.count;
        if (filter.severity === undefined || filter.severity === severity)
          byStatus[status] += row.count;
      }
      return { bySeverity, byStatus };
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
      const who = actor.name ? `${actor.name} <${actor.email}>` : actor.email;
      const row = await db.transaction().execute(async (trx) => {
        const alert = await findAlert(trx, id, true);
        if (!alert) throw alertNotFound(id);
        if (!from.includes(alertStatusSchema.parse(alert.status))) {
          throw new HttpError(
            409,
            ERROR_CODES.conflict,
            `This alert is ${alert.status} and cannot be ${PAST_TENSE[action]}; ` +
              `only ${from.join(' or ')} alerts can.`,
          );
        }
        const updated = await updateAlert(trx, id, {
          status: to,
          updated_at: now,
          note: note ?? alert.note,
          ...(action === 'acknowledge'
            ? { acknowledged_at: now, acknowledged_by: who }
            : { resolved_at: now, resolved_by: who }),
        });
        await insertHistory(trx, {
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
        await deps.ledger.record(trx, {
          type: `alert.${PAST_TENSE[action]}`,
          payload: {
            alertId: id,
            title: alert.title,
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
        return updated!;
      });
      deps.ledger.sequenceSoon();
      const changes = emptyChanges();
      changes.updated.push(row);
      if (action !== 'acknowledge') changes.countsChanged.add(row.city_key);
      await announce(changes);
      return presentAlert(row);
    },

    /**
     * The periodic checks: sensors not heard from for `offlineAfterMs` go offline and raise a warning, and
     * alerts back in range for AUTO_RESOLVE_AFTER_MS resolve themselves even when no reading follows.
     */
    async runChecks(): Promise<{ offline: number; resolved: number }> {
      const now = deps.now();
      let offline: Awaited<ReturnType<SensorsService['markSilentOffline']>> = [];
      const changes = await db.transaction().execute(async (trx) => {
        const result = emptyChanges();
        offline = await deps.sensors.markSilentOffline(
          trx,
          new Date(now.getTime() - offlineAfterMs),
          now,
        );
        const raised = await insertRaisedAlerts(
          trx,
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
          trx,
          { inRangeSince: new Date(now.getTime() - AUTO_RESOLVE_AFTER_MS) },
          now,
          'Back in range for 10 minutes',
          result,
        );
        return result;
      });
      deps.sensors.announceStatus(offline, 'offline');
      const resolved = changes.updated.length;
      await announce(changes);
      return { offline: offline.length, resolved };
    },
  };
}
