import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { userFacingMessage } from '../lib/api-client';
import { ActionForm } from './action-form';
import { actionButton } from './button-styles';

/** The mutation behind the actions, as TanStack Query's `useMutation` gives it, adapted to a note. */
export type RecordMutation<A extends string> = {
  mutate: (input: { action: A; note: string }, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/** Fields an action's form has besides the note (a dispatch's unit and ETA). */
export type RecordActionFields<A extends string> = {
  /** What the form of `action` shows above the note, or null. */
  render: (action: A) => ReactNode;
  /** The field to focus when `action`'s form opens, instead of the note. */
  firstField?: (action: A) => RefObject<HTMLInputElement | null> | undefined;
  /** Whether what the fields hold lets `action` be sent. */
  valid?: (action: A) => boolean;
  /** Empties the fields, once the action is done or its form closed. */
  reset: () => void;
};

/**
 * Buttons for the actions a record's state allows (an alert, a flood group, a booking): each opens
 * a short form with an optional note and any fields of its own; the answer is a toast, or the
 * server's own message when it refuses. Focus goes to the form's first field and back to the
 * button when the form is closed.
 */
export function RecordActions<A extends string>({
  actions,
  mutation,
  testId,
  containerTestId,
  texts,
  noteMaxLength,
  buttonClassName,
  submitClassName = () => actionButton,
  fields,
}: {
  actions: readonly A[];
  mutation: RecordMutation<A>;
  /** `<testId>-<action>` on each button, `testId` on the form. */
  testId: string;
  containerTestId?: string;
  texts: {
    label: (action: A) => string;
    title: (action: A) => string;
    /** The submit button's words while the action is sent; its label when not given. */
    pending?: (action: A) => string;
    failed: (action: A) => string;
    noteLabel: string;
    noteHint: string;
    back: string;
  };
  noteMaxLength: number;
  buttonClassName: (action: A) => string;
  submitClassName?: (action: A) => string;
  fields?: RecordActionFields<A>;
}) {
  const [chosen, setChosen] = useState<A | null>(null);
  const [note, setNote] = useState('');
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const buttonRefs = useRef(new Map<A, HTMLButtonElement>());
  const firstField = chosen ? fields?.firstField?.(chosen) : undefined;

  useEffect(() => {
    if (chosen) (firstField ?? noteRef).current?.focus();
  }, [chosen, firstField]);

  if (actions.length === 0 && chosen === null) return null;

  function clear() {
    setChosen(null);
    setNote('');
    fields?.reset();
  }

  function choose(action: A) {
    mutation.reset();
    setChosen((current) => (current === action ? null : action));
  }

  function close() {
    const opener = chosen ? buttonRefs.current.get(chosen) : undefined;
    mutation.reset();
    clear();
    opener?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || mutation.isPending || fields?.valid?.(chosen) === false) return;
    mutation.mutate({ action: chosen, note }, { onSuccess: clear });
  }

  const pending = mutation.isPending;
  const errorMessage =
    mutation.isError && chosen ? (userFacingMessage(mutation.error) ?? texts.failed(chosen)) : null;

  return (
    <div className="mt-3" data-testid={containerTestId}>
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
            className={buttonClassName(action)}
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
          noteRef={firstField ? undefined : noteRef}
          note={{
            label: texts.noteLabel,
            hint: texts.noteHint,
            maxLength: noteMaxLength,
            value: note,
            onChange: setNote,
          }}
          error={errorMessage}
          pending={pending}
          submitLabel={pending && texts.pending ? texts.pending(chosen) : texts.label(chosen)}
          submitClassName={submitClassName(chosen)}
          backLabel={texts.back}
          onBack={close}
        >
          {fields?.render(chosen)}
        </ActionForm>
      ) : null}
    </div>
  );
}
