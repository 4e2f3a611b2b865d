import { canAssignOthers } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon, StatusIcon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { TimeAgo } from '../../components/time-ago';
import { userFacingMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { useStaff } from '../../lib/staff/staff-query';
import { useAssignAlert } from './assign-mutation';

/** The admin's menu of who gets the alert: nobody, or any operator or admin. */
function AssignMenu({
  alert,
  onAssign,
  pending,
}: {
  alert: Alert;
  onAssign: (id: string | null) => void;
  pending: boolean;
}) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const id = useId();
  const staff = useStaff(true);
  const [chosen, setChosen] = useState(alert.assignee?.id ?? '');
  if (staff.isError) {
    return (
      <InlineAlert tone="warning" testId="alert-staff-failed">
        {t('assignment.staffFailed')}
      </InlineAlert>
    );
  }
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onAssign(chosen === '' ? null : chosen);
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={labelClass}>
          {t('assignment.assignLabel')}
        </label>
        <select
          id={id}
          data-testid="alert-assign-select"
          value={chosen}
          disabled={!staff.data}
          onChange={(event) => setChosen(event.target.value)}
          className={`${inputClass} border-slate-300 dark:border-slate-600`}
        >
          <option value="">{t('assignment.unassigned')}</option>
          {(staff.data ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {person.name} ({t(`comments.roles.${person.role}`)})
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        data-testid="alert-assign-submit"
        className={secondaryButton}
        disabled={pending || !staff.data || chosen === (alert.assignee?.id ?? '')}
      >
        {t('assignment.assign')}
      </button>
    </form>
  );
}

/**
 * Who has taken the alert, and the buttons to change it: an operator takes it or hands back their
 * own; an admin also gives it to anyone. Closed alerts keep their last assignee.
 */
export function AlertAssignment({ alert }: { alert: Alert }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { user, allows } = useAuth();
  const assign = useAssignAlert(alert.id);
  const mine = alert.assignee !== null && alert.assignee.id === user?.id;
  const active = alert.status === 'open' || alert.status === 'acknowledged';
  const admin = allows(canAssignOthers);

  function change(assigneeId: string | null) {
    assign.mutate(assigneeId, {
      onSuccess: (updated) => {
        if (updated.assignee === null) toast.success(t('assignment.handedBack'));
        else if (updated.assignee.id === user?.id) toast.success(t('assignment.taken'));
        else toast.success(t('assignment.assigned', { name: updated.assignee.name }));
      },
    });
  }

  const errorMessage = assign.isError
    ? (userFacingMessage(assign.error) ?? t('assignment.failed'))
    : null;

  return (
    <section
      aria-labelledby="alert-assignment-title"
      data-testid="alert-assignment"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="alert-assignment-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Icon name="user-check" size={18} />
        {t('assignment.title')}
      </h2>
      <p data-testid="alert-assignee" className="mt-2 text-sm text-slate-700 dark:text-slate-200">
        {alert.assignee ? (
          <>
            <span className="font-semibold">
              {mine ? t('assignment.you') : alert.assignee.name}
            </span>
            {alert.assignedAt ? (
              <>
                {' '}
                <span className="text-slate-500 dark:text-slate-400">
                  · {t('assignment.since')} <TimeAgo iso={alert.assignedAt} />
                </span>
              </>
            ) : null}
          </>
        ) : (
          t('assignment.nobody')
        )}
      </p>
      {!active ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('assignment.closed')}</p>
      ) : (
        <div className="mt-3 space-y-3">
          <div className="flex flex-wrap gap-2">
            {mine ? (
              <button
                type="button"
                data-testid="alert-hand-back"
                className={secondaryButton}
                disabled={assign.isPending}
                onClick={() => change(null)}
              >
                {t('assignment.handBack')}
              </button>
            ) : (
              <button
                type="button"
                data-testid="alert-take"
                className={primaryButton}
                disabled={assign.isPending || !user}
                onClick={() => user && change(user.id)}
              >
                {assign.isPending ? <StatusIcon status="loading" /> : null}
                {t('assignment.take')}
              </button>
            )}
          </div>
          {admin ? (
            <AssignMenu
              key={alert.assignee?.id ?? 'nobody'}
              alert={alert}
              onAssign={change}
              pending={assign.isPending}
            />
          ) : null}
          {errorMessage ? (
            <InlineAlert tone="error" testId="alert-assign-error">
              {errorMessage}
            </InlineAlert>
          ) : null}
        </div>
      )}
    </section>
  );
}
