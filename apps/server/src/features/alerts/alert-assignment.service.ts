import {
  ACTIVE_ALERT_STATUSES,
  alertSeveritySchema,
  alertStatusSchema,
  canAssignOthers,
  cityKeySchema,
  type Alert,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import type { NotificationsService } from '../notifications/notifications.service';
import { staffName, type StaffService } from '../staff/staff.service';
import { assignAlert, findAlert, insertHistory } from './alerts.repository';
import { alertNotFound, presentAlert, type AlertActor } from './alerts.service';
import { Conflict, Forbidden, Invalid } from '../../lib/domain-errors';
import { createUnitOfWork } from '../../lib/unit-of-work';

export type AlertAssignmentService = ReturnType<typeof createAlertAssignmentService>;

/** Who has taken which alert: operators take alerts, admins hand them to anyone. */
export function createAlertAssignmentService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  /** Who can take an alert. */
  staff: StaffService;
  /** Tells a person an alert was assigned to them. */
  notifications: NotificationsService;
  now: () => Date;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);
  return {
    /**
     * Gives an active alert to an operator or admin, or takes it back (null). Operators may take
     * an alert themselves (also from someone else) and hand back their own; admins assign anyone.
     * The change goes in the history and the new assignee is notified.
     */
    async assign(id: string, assigneeId: string | null, actor: AlertActor): Promise<Alert> {
      const now = deps.now();
      const assignsOthers = canAssignOthers(actor.role);
      if (assigneeId !== null && assigneeId !== actor.id && !assignsOthers) {
        throw new Forbidden(
          'Operators may assign alerts only to themselves; an admin assigns them to others',
        );
      }
      const assignee = assigneeId === null ? null : await deps.staff.find(assigneeId);
      if (assigneeId !== null && !assignee) {
        throw new Invalid('Invalid input: assigneeId is not an active operator or admin', [
          { path: 'assigneeId', message: 'must be the id of an active operator or admin' },
        ]);
      }
      const who = actor.name ? `${actor.name} <${actor.email}>` : actor.email;
      const person = assignee ? { id: assignee.id, name: staffName(assignee) } : null;
      const row = await unitOfWork(async (unit) => {
        const alert = await findAlert(unit.trx, id, true);
        if (!alert) throw alertNotFound(id);
        if (assigneeId === null && !assignsOthers && alert.assignee_id !== actor.id) {
          throw new Forbidden('Operators may hand back only alerts assigned to themselves');
        }
        if (!ACTIVE_ALERT_STATUSES.includes(alertStatusSchema.parse(alert.status))) {
          throw new Conflict(
            `This alert is ${alert.status}; only open or acknowledged alerts can be assigned`,
          );
        }
        const previous =
          alert.assignee_id === null
            ? null
            : { id: alert.assignee_id, name: alert.assignee_name ?? '' };
        // Taking an alert one already has changes nothing and notifies nobody.
        if (previous?.id === person?.id) return alert;
        const updated = (await assignAlert(unit.trx, id, person, now))!;
        await insertHistory(unit.trx, {
          alert_id: id,
          action: 'assigned',
          from_status: alert.status,
          to_status: alert.status,
          severity: alert.severity,
          actor: who,
          note: null,
          at: now,
          details: { kind: 'assignment', assignee: person, previous },
        });
        if (person)
          await deps.notifications.deliver(unit, [
            {
              key: `assigned:${id}:${person.id}:${now.toISOString()}`,
              kind: 'assigned',
              alert: {
                id,
                title: alert.title,
                facts: alert.facts,
                severity: alertSeveritySchema.parse(alert.severity),
                city: cityKeySchema.parse(alert.city_key),
              },
              actor: { id: actor.id, name: actor.name || actor.email },
              to: { userIds: [person.id] },
            },
          ]);
        unit.publish('alert:updated', presentAlert(updated));
        return updated;
      });
      return presentAlert(row);
    },
  };
}
