import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';

/**
 * One city service as a card: its icon and name, its live status, and a link on to the screen
 * that shows all of it. The whole card is not a link, so the status stays plain, readable text.
 */
export function ServiceCard({
  icon,
  title,
  link,
  linkLabel,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  link: string;
  linkLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700 dark:bg-sky-950/60 dark:text-sky-300">
          {icon}
        </span>
        <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
      </div>
      <div className="mt-4 flex-1">{children}</div>
      <Link
        to={link}
        className={`mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-sky-700 hover:underline dark:text-sky-400 ${focusRing}`}
      >
        {linkLabel}
        <Icon name="chevron-right" size={16} />
      </Link>
    </section>
  );
}

/** A status line: an icon and words (colour is never the only signal), and a detail under it. */
export function StatusLine({
  tone,
  icon,
  text,
  detail,
  testId,
}: {
  tone: 'good' | 'warn' | 'bad' | 'quiet';
  icon: ReactNode;
  text: string;
  detail?: string;
  testId?: string;
}) {
  const colour = {
    good: 'text-emerald-700 dark:text-emerald-300',
    warn: 'text-amber-800 dark:text-amber-200',
    bad: 'text-red-700 dark:text-red-300',
    quiet: 'text-slate-700 dark:text-slate-200',
  }[tone];
  return (
    <div data-testid={testId} data-tone={tone}>
      <p className={`flex items-center gap-2 text-sm font-semibold ${colour}`}>
        {icon}
        {text}
      </p>
      {detail ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{detail}</p> : null}
    </div>
  );
}
