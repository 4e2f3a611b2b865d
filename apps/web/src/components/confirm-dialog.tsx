import { useCallback, useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { otherActionButton } from './button-styles';
import { InlineAlert } from './inline-alert';
import { useFocusTrap } from './focus-trap';

/**
 * Asks before an action that cannot simply be undone (a role changed, a key revoked, a notice
 * removed). A modal alert dialog: it takes focus on its safe answer, keeps Tab inside, closes on
 * Escape and hands focus back to what had it. While the action runs its buttons wait; a refusal
 * shows inside it, so the person can try again or step back.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  confirmClassName,
  pending,
  error,
  onConfirm,
  onCancel,
  testId,
}: {
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  confirmClassName: string;
  pending: boolean;
  /** Why the last attempt failed, if it did. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Prefixes the parts: `<testId>`, `<testId>-confirm`, `<testId>-cancel`, `<testId>-error`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  useFocusTrap(
    panelRef,
    useCallback(() => {
      if (!pending) onCancel();
    }, [pending, onCancel]),
  );

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-950/60 backdrop-blur-sm" />
      <div
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid={testId}
        className="relative w-full max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <div id={bodyId} className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          {children}
        </div>
        {error ? (
          <InlineAlert tone="error" testId={`${testId}-error`}>
            {error}
          </InlineAlert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            data-testid={`${testId}-cancel`}
            disabled={pending}
            onClick={onCancel}
            className={otherActionButton}
          >
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            data-testid={`${testId}-confirm`}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={onConfirm}
            className={confirmClassName}
          >
            {pending ? t('dialog.working') : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
