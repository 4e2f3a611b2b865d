import { useId } from 'react';
import type { ReactNode } from 'react';

// The panel's tile, which each part of the citizen's home is drawn in.

export const TILE =
  'flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** One part of the panel: a titled tile, with a note when it speaks for the whole city. */
export function Tile({
  title,
  icon,
  testId,
  cityWide,
  children,
  className = '',
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  cityWide?: string | null;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} data-testid={testId} className={`${TILE} ${className}`}>
      <h3
        id={headingId}
        className="flex items-center gap-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
      >
        {icon}
        {title}
      </h3>
      {children}
      {cityWide ? (
        <p className="mt-auto text-xs text-slate-600 dark:text-slate-400">{cityWide}</p>
      ) : null}
    </article>
  );
}
