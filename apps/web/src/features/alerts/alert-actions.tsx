import { ALERT_ACTIONS, ALERT_NOTE_MAX_LENGTH, ALERT_TRANSITIONS } from '@smart-city/shared';
import type { Alert, AlertAction } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { TextAreaField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { StatusIcon } from '../../components/icon';
import { userFacingMessage } from '../../lib/api-client';
import { useAlertTransition } from './alert-transition-mutation';

/** The main action: white on sky-700 keeps small text above 4.5:1 contrast (sky-600 falls short). */
const actionButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-sky-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 ${focusRing}`;

/** The other actions, narrow enough on a phone for all three to share a row. */
const otherActionButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 sm:px-4 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${focusRing}`;

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
        <form
          id={formId}
          onSubmit={submit}
          data-testid="alert-action-form"
          aria-label={t(`alerts.actionTitle.${chosen}`)}
          className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
        >
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {t(`alerts.actionTitle.${chosen}`)}
          </p>
          <TextAreaField
            ref={noteRef}
            label={t('alerts.noteLabel')}
            hint={t('alerts.noteHint', { max: ALERT_NOTE_MAX_LENGTH })}
            data-testid="alert-note"
            rows={2}
            maxLength={ALERT_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {errorMessage ? (
            <InlineAlert tone="error" testId="alert-action-error">
              {errorMessage}
            </InlineAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              data-testid="alert-action-submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className={actionButton}
            >
              {pending ? <StatusIcon status="loading" /> : null}
              {pending ? t(`alerts.pending.${chosen}`) : t(`alerts.actions.${chosen}`)}
            </button>
            <button type="button" onClick={close} disabled={pending} className={otherActionButton}>
              {t('alerts.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
