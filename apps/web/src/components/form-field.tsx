import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from './button-styles';
import { SvgIcon } from './svg-icon';

export const inputClass = `block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 disabled:opacity-60 read-only:bg-slate-50 dark:bg-slate-800 dark:text-slate-100 dark:read-only:bg-slate-900 ${focusRing}`;
const borderClass = 'border-slate-300 dark:border-slate-600';
const errorBorderClass = 'border-red-500 dark:border-red-400';
export const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';

/** Ids that tie a control to its hint and error, and the control's aria attributes. */
function useFieldIds(
  givenId: string | undefined,
  hint: string | undefined,
  error: string | undefined,
) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    id,
    hintId,
    errorId,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** The label above a control and its hint and error below it. */
function FieldFrame({
  label,
  hint,
  error,
  ids,
  className,
  children,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  ids: { id: string; hintId: string; errorId: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={ids.errorId}
          className="mt-1 flex items-start gap-1 text-xs font-medium text-red-600 dark:text-red-400"
        >
          <SvgIcon icon={CircleAlert} size={14} className="mt-px shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: string;
  /** Shown under the input in red and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
  /** A control inside the input's right edge, such as a show-password toggle. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  id: givenId,
  className = '',
  ref,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(givenId, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <div className="relative">
        <input
          ref={ref}
          {...ids.control}
          className={`${inputClass} ${error ? errorBorderClass : borderClass} ${trailing ? 'pr-11' : ''}`}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled textarea, tied to its hint and error like the text field. */
export function TextAreaField({
  label,
  error,
  hint,
  id: givenId,
  className = '',
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const ids = useFieldIds(givenId, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <textarea
        ref={ref}
        {...ids.control}
        className={`${inputClass} resize-y ${error ? errorBorderClass : borderClass}`}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const label = visible ? t('auth.hidePassword') : t('auth.showPassword');
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={label}
          aria-pressed={visible}
          aria-controls={id}
          title={label}
          className={`inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white ${focusRing}`}
        >
          <SvgIcon icon={visible ? EyeOff : Eye} size={18} />
        </button>
      }
    />
  );
}
