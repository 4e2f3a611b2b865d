import { ALERT_NOTE_MAX_LENGTH } from '@smart-city/shared';
import type { AlertGroup } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { groupActionsFor, useAlertGroupTransition } from './alert-group-transition-mutation';
import { NotedActions } from './noted-actions';

/** Acknowledge and resolve a whole flood group, for operators and admins, as for one alert. */
export function AlertGroupActions({ group }: { group: AlertGroup }) {
  const { t } = useTranslation();
  const transition = useAlertGroupTransition();
  return (
    <NotedActions
      actions={groupActionsFor(group)}
      mutation={{
        mutate: ({ action, note }, options) =>
          transition.mutate({ groupId: group.id, action, note }, options),
        reset: transition.reset,
        isPending: transition.isPending,
        isError: transition.isError,
        error: transition.error,
      }}
      testId="alert-group-action"
      texts={{
        label: (action) => t(`alertGroups.actions.${action}`),
        title: (action) => t(`alertGroups.actionTitle.${action}`),
        pending: (action) => t(`alertGroups.pending.${action}`),
        failed: (action) => t(`alertGroups.failed.${action}`),
        hint: t('alertGroups.noteHint', { max: ALERT_NOTE_MAX_LENGTH }),
      }}
    />
  );
}
