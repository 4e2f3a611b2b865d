import type { ReactNode } from 'react';
import { StatusIcon } from './status-icon';

/**
 * A whole screen that stands in for one that cannot be shown (it failed, or the user may not open
 * it): the error mark, a heading, what happened and the ways forward.
 */
export function ProblemScreen({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  /** The buttons that lead on. */
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400">
        <StatusIcon status="error" size={24} />
      </div>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
