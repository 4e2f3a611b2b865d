import {
  alertSeveritySchema,
  cityKeySchema,
  SEVERITY_RANK,
  type AlertHistoryDetails,
  type AlertNotificationKind,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import type { Metrics } from '../../metrics/metrics';
import type {
  NotificationRequest,
  NotificationsService,
} from '../notifications/notifications.service';
import {
  applyFiredSteps,
  fireDueSteps,
  insertStepHistory,
  type FiredStep,
} from './alert-escalation.repository';
import { SYSTEM_ACTOR } from './alerts.repository';
import { presentAlert } from './alerts.service';
import { createUnitOfWork } from '../../lib/unit-of-work';

/** Steps fired in one transaction at most; a backlog goes out over the next checks. */
const STEPS_PER_RUN = 1_000;

const HISTORY_ACTION = { notify: 'escalated', remind: 'reminded', raise: 'raised' } as const;
const NOTIFICATION_KIND: Record<'notify' | 'remind', AlertNotificationKind> = {
  notify: 'escalated',
  remind: 'reminded',
};

/** How severe a raise step makes its alert; -1 for none. */
function rank(severity: string | null): number {
  return severity === null ? -1 : SEVERITY_RANK[alertSeveritySchema.parse(severity)];
}

/** The occasion a step's notifications are for: each person hears of it once. */
function stepKey(step: FiredStep): string {
  return `step:${step.alert_id}:${step.policy_id}:${step.position}:${step.occurrence}`;
}

export type AlertEscalationService = ReturnType<typeof createAlertEscalationService>;

/**
 * Carries out the escalation policies: every due step fires once, in one transaction with what it
 * does (the alert marked escalated or raised, the people of its audience notified and their e-mails
 * queued, the step written to the alert's history), and the changes are announced after the commit.
 */
export function createAlertEscalationService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  notifications: NotificationsService;
  metrics: Metrics;
  now: () => Date;
}) {
  const { db, notifications, metrics } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  return {
    /** Fires the steps that are due now; returns how many fired. */
    async run(): Promise<number> {
      const now = deps.now();
      return unitOfWork(async (unit) => {
        const fired = await fireDueSteps(unit.trx, now, STEPS_PER_RUN);
        if (fired.length === 0) return 0;

        // Per alert: the worst severity a raise step asks for (null when none did).
        const raiseTo = new Map<string, string | null>();
        for (const step of fired) {
          const current = raiseTo.get(step.alert_id) ?? null;
          const asked = step.action === 'raise' ? step.raise_to : null;
          raiseTo.set(step.alert_id, rank(asked) > rank(current) ? asked : current);
        }
        const alerts = await applyFiredSteps(
          unit.trx,
          [...raiseTo].map(([id, to]) => ({ id, raiseTo: to })),
          now,
        );
        const byId = new Map(alerts.map((alert) => [alert.id, alert]));

        const requests: NotificationRequest[] = [];
        for (const step of fired) {
          const alert = byId.get(step.alert_id);
          if (!alert || step.action === 'raise' || step.audience === null) continue;
          requests.push({
            key: stepKey(step),
            kind: NOTIFICATION_KIND[step.action],
            alert: {
              id: alert.id,
              title: alert.title,
              facts: alert.facts,
              severity: alertSeveritySchema.parse(alert.severity),
              city: cityKeySchema.parse(alert.city_key),
            },
            actor: null,
            to: { audience: step.audience },
          });
        }
        const delivery = await notifications.deliver(unit, requests);

        await insertStepHistory(
          unit.trx,
          fired.map((step) => {
            const alert = byId.get(step.alert_id);
            const details: AlertHistoryDetails = {
              kind: 'step',
              policyId: step.policy_id,
              position: step.position,
              action: step.action,
              audience: step.audience,
              occurrence: step.occurrence,
              recipients: delivery.recipients.get(stepKey(step)) ?? 0,
            };
            return {
              alertId: step.alert_id,
              action: HISTORY_ACTION[step.action],
              status: alert?.status ?? 'open',
              severity:
                step.action === 'raise'
                  ? (step.raise_to ?? step.severity)
                  : (alert?.severity ?? step.severity),
              actor: SYSTEM_ACTOR,
              details,
            };
          }),
          now,
        );
        unit.afterCommit(() => {
          for (const step of fired) metrics.escalationSteps.inc({ action: step.action });
        });
        for (const alert of alerts) unit.publish('alert:updated', presentAlert(alert));
        const raised = alerts.filter((alert) => alert.severity !== alert.previous_severity);
        unit.publish('counts:changed', { cities: raised.map((alert) => alert.city_key) });
        return fired.length;
      });
    },
  };
}
