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
  statusesOf,
  type Alert,
  type AlertAction,
  type AlertCounts,
  type AlertHistoryEntry,
  type AlertSeverity,
  type AlertStatus,
  type AlertStatusFilter,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { AlertHistoryRow, AlertRow, Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { DomainEvents } from '../../live/domain-events';
import type { StatsService } from '../stats/stats.service';
import { emptyChanges, resolveBySystem, SYSTEM_ACTOR, type AlertChanges } from './alert-engine';
import { offlineVerdict } from './alert-rules';
import {
  countAlertsBySeverityAndStatus,
  findAlert,
  findAlertsDueToResolve,
  insertAlert,
  insertHistory,
  listAlerts,
  listHistory,
  markSilentSensorsOffline,
  updateAlert,
  type AlertFilter,
} from './alerts.repository';

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
  });
}

function alertNotFound(id: string) {
  return new HttpError(404, ERROR_CODES.notFound, `No alert with id "${id}"`);
}

const PAST_TENSE: Record<AlertAction, string> = {
  acknowledge: 'acknowledged',
  resolve: 'resolved',
  dismiss: 'dismissed',
};

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  stats: StatsService;
  now: () => Date;
}) {
  const { db, events } = deps;

  /** Tells live viewers what changed; only ever called once the transaction has committed. */
  async function announce(changes: AlertChanges) {
    for (const row of changes.created) events.emit('alert.created', presentAlert(row));
    for (const row of changes.updated) events.emit('alert.updated', presentAlert(row));
    await deps.stats.announce(changes.countsChanged);
  }

  return {
    announce,

    async list(filter: AlertFilter): Promise<Alert[]> {
      return (await listAlerts(db, filter)).map(presentAlert);
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

    async history(id: string): Promise<AlertHistoryEntry[]> {
      if (!(await findAlert(db, id))) throw alertNotFound(id);
      return (await listHistory(db, id)).map(presentHistory);
    },

    /** Acknowledges, resolves or dismisses an alert for a person, recording who, when and why. */
    async transition(
      id: string,
      action: AlertAction,
      actor: { name: string; email: string },
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
        return updated!;
      });
      const changes = emptyChanges();
      changes.updated.push(row);
      if (action !== 'acknowledge') changes.countsChanged.add(row.city_key);
      await announce(changes);
      return presentAlert(row);
    },

    /**
     * The periodic checks: sensors silent for OFFLINE_AFTER_MS go offline and raise a warning, and
     * alerts back in range for AUTO_RESOLVE_AFTER_MS resolve themselves even when no reading follows.
     */
    async runChecks(): Promise<{ offline: number; resolved: number }> {
      const now = deps.now();
      const offlineSensors: { id: string; city: string; metadata: Record<string, unknown> }[] = [];
      const changes = await db.transaction().execute(async (trx) => {
        const result = emptyChanges();
        const silent = await markSilentSensorsOffline(
          trx,
          new Date(now.getTime() - OFFLINE_AFTER_MS),
          now,
        );
        for (const sensor of silent) {
          offlineSensors.push({ id: sensor.id, city: sensor.city_key, metadata: sensor.metadata });
          result.countsChanged.add(sensor.city_key);
          const verdict = offlineVerdict(sensor, sensor.last_reading);
          const alert = await insertAlert(trx, {
            id: randomUUID(),
            sensor_id: sensor.id,
            city_key: sensor.city_key,
            location: sensor.location,
            rule: verdict.rule,
            title: verdict.title,
            message: verdict.message,
            severity: verdict.severity,
            status: 'open',
            value: null,
            created_at: now,
            updated_at: now,
          });
          await insertHistory(trx, {
            alert_id: alert.id,
            action: 'raised',
            from_status: null,
            to_status: 'open',
            severity: alert.severity,
            actor: SYSTEM_ACTOR,
            note: verdict.message,
            at: now,
          });
          result.created.push(alert);
        }
        const due = await findAlertsDueToResolve(
          trx,
          new Date(now.getTime() - AUTO_RESOLVE_AFTER_MS),
        );
        for (const alert of due)
          await resolveBySystem(trx, alert, now, 'Back in range for 10 minutes', result);
        return result;
      });
      for (const s of offlineSensors) {
        events.emit('sensor.updated', {
          id: s.id,
          city: cityKeySchema.parse(s.city),
          status: 'offline',
          metadata: s.metadata,
        });
      }
      const resolved = changes.updated.length;
      await announce(changes);
      return { offline: offlineSensors.length, resolved };
    },
  };
}
