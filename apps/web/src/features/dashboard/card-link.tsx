import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';

/** The link in a dashboard card's header to the screen that shows all of it. */
export function CardLink({
  to,
  testId,
  children,
}: {
  to: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className={`rounded text-sm font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
    >
      {children}
    </Link>
  );
}
