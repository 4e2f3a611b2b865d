import { focusRing } from './button-styles';

/** A city's emergency number as a tel: link: the number, then what it is for. */
export function CallNumberPill({
  number,
  kindLabel,
  callLabel,
}: {
  number: string;
  kindLabel: string;
  /** What a screen reader says: the call, not just the digits. */
  callLabel: string;
}) {
  return (
    <a
      href={`tel:${number}`}
      aria-label={callLabel}
      className={`inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`}
    >
      <span className="font-bold tabular-nums">{number}</span>
      <span className="text-slate-600 dark:text-slate-300">{kindLabel}</span>
    </a>
  );
}
