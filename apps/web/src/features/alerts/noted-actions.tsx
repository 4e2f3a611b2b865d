import { ALERT_NOTE_MAX_LENGTH } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionForm } from '../../components/action-form';
import { actionButton, otherActionButton } from '../../components/button-styles';
import { userFacingMessage } from '../../lib/api-client';

/** The mutation behind the actions, as TanStack Query's `useMutation` gives it. */
type NotedMutation<A extends string> = {
  mutate: (input: { action: A; note: string }, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * Buttons for the actions an operator may take on an alert or a flood group: each opens a short
 * form with an optional note; the answer is a toast, or the server's own message when it refuses.
 * `texts` names the words of an action (its button, its form's title, while it is sent, when it
 * failed) and the note's hint.
 */
export function NotedActions<A extends string>({
  actions,
  mutation,
  testId,
  texts,
}: {
  actions: readonly A[];
  mutation: NotedMutation<A>;
  /** `<testId>-<action>` on each button, `testId` on the form. */
  testId: string;
  texts: {
    label: (action: A) => string;
    title: (action: A) => string;
    pending: (action: A) => string;
    failed: (action: A) => string;
    hint: string;
  };
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<A | null>(null);
  const [note, setNote] = useState('');
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const buttonRefs = useRef(new Map<A, HTMLButtonElement>());

  useEffect(() => {
    if (chosen) noteRef.current?.focus();
  }, [chosen]);

  if (actions.length === 0 && chosen === null) return null;

  function choose(action: A) {
    mutation.reset();
    setChosen((current) => (current === action ? null : action));
  }

  function close() {
    const opener = chosen ? buttonRefs.current.get(chosen) : undefined;
    mutation.reset();
    setChosen(null);
    setNote('');
    opener?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || mutation.isPending) return;
    mutation.mutate(
      { action: chosen, note },
      {
        onSuccess: () => {
          setChosen(null);
          setNote('');
        },
      },
    );
  }

  const pending = mutation.isPending;
  const errorMessage =
    mutation.isError && chosen ? (userFacingMessage(mutation.error) ?? texts.failed(chosen)) : null;

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
            data-testid={`${testId}-${action}`}
            aria-expanded={chosen === action}
            aria-controls={chosen === action ? formId : undefined}
            disabled={pending}
            onClick={() => choose(action)}
            className={action === 'acknowledge' ? actionButton : otherActionButton}
          >
            {texts.label(action)}
          </button>
        ))}
      </div>
      {chosen ? (
        <ActionForm
          id={formId}
          title={texts.title(chosen)}
          testId={testId}
          onSubmit={submit}
          noteRef={noteRef}
          note={{
            label: t('alerts.noteLabel'),
            hint: texts.hint,
            maxLength: ALERT_NOTE_MAX_LENGTH,
            value: note,
            onChange: setNote,
          }}
          error={errorMessage}
          pending={pending}
          submitLabel={pending ? texts.pending(chosen) : texts.label(chosen)}
          backLabel={t('alerts.cancel')}
          onBack={close}
        />
      ) : null}
    </div>
  );
}
