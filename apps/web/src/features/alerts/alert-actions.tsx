import { ALERT_ACTIONS, ALERT_NOTE_MAX_LENGTH, ALERT_TRANSITIONS } from '@smart-city/shared';
import type { Alert, AlertAction } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/action-form';
import { actionButton, otherActionButton } from '../../components/button-styles';
import { userFacingMessage } from '../../lib/api-client';
import { useAlertTransition } from './alert-transition-mutation';

/** The actions an alert's status allows: acknowledge only when open; resolve and dismiss while active. */
function availableActions(alert: Pick<Alert, 'status'>): AlertAction[] {
  return ALERT_ACTIONS.filter((action) => ALERT_TRANSITIONS[action].from.includes(alert.status));
}

/**
 * Acknowledge, resolve and dismiss for operators and admins. Each opens a short form with an
 * optional note; the answer is a toast, or the server's own message when it refuses.
 */
export function AlertActions({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<AlertAction | null>(null);
  const [note, setNote] = useState('');
  const transition = useAlertTransition();
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const buttonRefs = useRef(new Map<AlertAction, HTMLButtonElement>());
  const actions = availableActions(alert);

  useEffect(() => {
    if (chosen) noteRef.current?.focus();
  }, [chosen]);

  if (actions.length === 0 && chosen === null) return null;

  function choose(action: AlertAction) {
    transition.reset();
    setChosen((current) => (current === action ? null : action));
  }

  function close() {
    const opener = chosen ? buttonRefs.current.get(chosen) : undefined;
    transition.reset();
    setChosen(null);
    setNote('');
    opener?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || transition.isPending) return;
    transition.mutate(
      { alertId: alert.id, action: chosen, note },
      {
        onSuccess: () => {
          setChosen(null);
          setNote('');
        },
      },
    );
  }

  const pending = transition.isPending;
  const errorMessage =
    transition.isError && chosen
      ? (userFacingMessage(transition.error) ?? t(`alerts.failed.${chosen}`))
      : null;

  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            ref={(element) => {
              if (element) buttonRefs.current.set(action, element);
              else buttonRefs.current.delete(action);
            }}
            data-testid={`alert-action-${action}`}
            aria-expanded={chosen === action}
            aria-controls={chosen === action ? formId : undefined}
            disabled={pending}
            onClick={() => choose(action)}
            className={action === 'acknowledge' ? actionButton : otherActionButton}
          >
            {t(`alerts.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen ? (
        <ActionForm
          id={formId}
          title={t(`alerts.actionTitle.${chosen}`)}
          testId="alert-action"
          onSubmit={submit}
          noteRef={noteRef}
          note={{
            label: t('alerts.noteLabel'),
            hint: t('alerts.noteHint', { max: ALERT_NOTE_MAX_LENGTH }),
            maxLength: ALERT_NOTE_MAX_LENGTH,
            value: note,
            onChange: setNote,
          }}
          error={errorMessage}
          pending={pending}
          submitLabel={pending ? t(`alerts.pending.${chosen}`) : t(`alerts.actions.${chosen}`)}
          backLabel={t('alerts.cancel')}
          onBack={close}
        />
      ) : null}
    </div>
  );
}
