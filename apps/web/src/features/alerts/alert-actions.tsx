import { ALERT_ACTIONS, ALERT_NOTE_MAX_LENGTH, ALERT_TRANSITIONS } from '@smart-city/shared';
import type { Alert, AlertAction } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useAlertTransition } from './alert-transition-mutation';
import { NotedActions } from './noted-actions';

/** The actions an alert's status allows: acknowledge only when open; resolve and dismiss while active. */
function availableActions(alert: Pick<Alert, 'status'>): AlertAction[] {
  return ALERT_ACTIONS.filter((action) => ALERT_TRANSITIONS[action].from.includes(alert.status));
}

/** Acknowledge, resolve and dismiss for operators and admins, each with an optional note. */
export function AlertActions({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const transition = useAlertTransition();
  return (
    <NotedActions
      actions={availableActions(alert)}
      mutation={{
        mutate: ({ action, note }, options) =>
          transition.mutate({ alertId: alert.id, action, note }, options),
        reset: transition.reset,
        isPending: transition.isPending,
        isError: transition.isError,
        error: transition.error,
      }}
      testId="alert-action"
      texts={{
        label: (action) => t(`alerts.actions.${action}`),
        title: (action) => t(`alerts.actionTitle.${action}`),
        pending: (action) => t(`alerts.pending.${action}`),
        failed: (action) => t(`alerts.failed.${action}`),
        hint: t('alerts.noteHint', { max: ALERT_NOTE_MAX_LENGTH }),
      }}
    />
  );
}
