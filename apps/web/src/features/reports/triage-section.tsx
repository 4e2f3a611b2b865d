import { useId } from 'react';
import type { ReactNode } from 'react';
import { ApiRequestError, userFacingMessage } from '../../lib/api-client';

/** One part of the side panel (an action, the sensors nearby), under its heading. */
export function TriageSection({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro?: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * What a failed action says: its own words for the refusals it knows (the server's 409 above
 * all, which means the report moved on meanwhile), the server's for another refusal of the
 * request on an English page, else that it failed.
 */
export function failureOf(
  error: unknown,
  words: { conflict: string; failed: string; notFound?: string },
): string {
  if (error instanceof ApiRequestError && error.status === 409) return words.conflict;
  if (error instanceof ApiRequestError && error.status === 404 && words.notFound) {
    return words.notFound;
  }
  return userFacingMessage(error) ?? words.failed;
}
