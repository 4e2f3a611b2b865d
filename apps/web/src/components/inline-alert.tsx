import type { ReactNode } from 'react';
import { StatusIcon } from './status-icon';

const TONES = {
  error:
    'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
} as const;

/** A boxed message inside a form or section; errors are announced as they appear. */
export function InlineAlert({
  tone,
  title,
  children,
  testId,
}: {
  tone: keyof typeof TONES;
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      <StatusIcon status={tone} size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
