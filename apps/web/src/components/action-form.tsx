import type { FormEvent, ReactNode, Ref } from 'react';
import { actionButton, otherActionButton } from './button-styles';
import { TextAreaField } from './form-field';
import { StatusIcon } from './status-icon';
import { InlineAlert } from './inline-alert';

/**
 * The short form an action on a record opens (acknowledge an alert, dispatch a booking): its
 * title, any fields of its own, an optional note, the server's refusal, and submit and back.
 * `testId` prefixes the parts: `<testId>-form`, `<testId>-note`, `<testId>-error`, `<testId>-submit`.
 */
export function ActionForm({
  id,
  title,
  testId,
  onSubmit,
  children,
  note,
  noteRef,
  error,
  pending,
  submitLabel,
  submitClassName = actionButton,
  backLabel,
  onBack,
}: {
  id: string;
  title: string;
  testId: string;
  onSubmit: (event: FormEvent) => void;
  /** Fields of this action, above the note. */
  children?: ReactNode;
  note: {
    label: string;
    hint: string;
    maxLength: number;
    value: string;
    onChange: (value: string) => void;
  };
  /** The note field, to focus it when the form opens. */
  noteRef?: Ref<HTMLTextAreaElement> | undefined;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  submitClassName?: string;
  backLabel: string;
  onBack: () => void;
}) {
  return (
    <form
      id={id}
      onSubmit={onSubmit}
      noValidate
      data-testid={`${testId}-form`}
      aria-label={title}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <p className="text-sm font-semibold text-slate-900 dark:text-white">{title}</p>
      {children}
      <TextAreaField
        ref={noteRef}
        label={note.label}
        hint={note.hint}
        data-testid={`${testId}-note`}
        rows={2}
        maxLength={note.maxLength}
        value={note.value}
        onChange={(event) => note.onChange(event.target.value)}
      />
      {error ? (
        <InlineAlert tone="error" testId={`${testId}-error`}>
          {error}
        </InlineAlert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          data-testid={`${testId}-submit`}
          disabled={pending}
          aria-busy={pending || undefined}
          className={submitClassName}
        >
          {pending ? <StatusIcon status="loading" /> : null}
          {submitLabel}
        </button>
        <button type="button" onClick={onBack} disabled={pending} className={otherActionButton}>
          {backLabel}
        </button>
      </div>
    </form>
  );
}
