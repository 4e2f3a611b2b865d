import type { ReactNode } from 'react';

/**
 * Words a person wrote (an operator's note, a comment, the place a booking was sent to), shown as
 * they were written and in whichever language they were written: marked as such, so the reader's
 * browser sets their direction and checks of the interface's own language leave them be.
 */
export function PersonsWords({
  children,
  testId,
  className,
}: {
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <span data-persons-words="" data-testid={testId} dir="auto" className={className}>
      {children}
    </span>
  );
}
