import { ALERT_NOTE_MAX_LENGTH } from '@smart-city/shared';
import type { AlertGroup } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/action-form';
import { actionButton, otherActionButton } from '../../components/button-styles';
import { userFacingMessage } from '../../lib/api-client';
import { groupActionsFor, useAlertGroupTransition } from './alert-group-transition-mutation';
import type { AlertGroupAction } from './alert-group-transition-mutation';

/**
 * Acknowledge and resolve a whole flood group, for operators and admins: as for one alert, each
 * opens a short form with an optional note; the answer is a toast, or the server's own message.
 */
export function AlertGroupActions({ group }: { group: AlertGroup }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<AlertGroupAction | null>(null);
  const [note, setNote] = useState('');
  const transition = useAlertGroupTransition();
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const buttonRefs = useRef(new Map<AlertGroupAction, HTMLButtonElement>());
  const actions = groupActionsFor(group);

  useEffect(() => {
    if (chosen) noteRef.current?.focus();
  }, [chosen]);

  if (actions.length === 0 && chosen === null) return null;

  function choose(action: AlertGroupAction) {
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
      { groupId: group.id, action: chosen, note },
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
      ? (userFacingMessage(transition.error) ?? t(`alertGroups.failed.${chosen}`))
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
            data-testid={`alert-group-action-${action}`}
            aria-expanded={chosen === action}
            aria-controls={chosen === action ? formId : undefined}
            disabled={pending}
            onClick={() => choose(action)}
            className={action === 'acknowledge' ? actionButton : otherActionButton}
          >
            {t(`alertGroups.actions.${action}`)}
          </button>
        ))}
      </div>
      {chosen ? (
        <ActionForm
          id={formId}
          title={t(`alertGroups.actionTitle.${chosen}`)}
          testId="alert-group-action"
          onSubmit={submit}
          noteRef={noteRef}
          note={{
            label: t('alerts.noteLabel'),
            hint: t('alertGroups.noteHint', { max: ALERT_NOTE_MAX_LENGTH }),
            maxLength: ALERT_NOTE_MAX_LENGTH,
            value: note,
            onChange: setNote,
          }}
          error={errorMessage}
          pending={pending}
          submitLabel={
            pending ? t(`alertGroups.pending.${chosen}`) : t(`alertGroups.actions.${chosen}`)
          }
          backLabel={t('alerts.cancel')}
          onBack={close}
        />
      ) : null}
    </div>
  );
}
