import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, pressedColors, unpressedColors } from './button-styles';
import { formatCount } from '../lib/format/numbers';

/**
 * One filter choice as a toggle button: an optional icon, its name and the number of items it
 * would show. `accessibleName` says the number in words ('High, 2 alerts'); the badge is for eyes.
 */
export function FilterChip({
  label,
  accessibleName,
  count,
  pressed,
  onSelect,
  icon,
  testId,
}: {
  label: string;
  accessibleName?: string;
  /** Null while the counts are unknown: the chip still filters, without a number. */
  count: number | null;
  pressed: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={accessibleName}
      data-testid={testId}
      data-count={count ?? undefined}
      onClick={onSelect}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${focusRing} ${
        pressed
          ? `border-sky-700 ${pressedColors}`
          : `border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900 ${unpressedColors}`
      }`}
    >
      {icon}
      <span>{label}</span>
      {count === null ? null : (
        <span
          aria-hidden="true"
          className={`min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums ${
            pressed
              ? 'bg-sky-900 text-white'
              : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
          }`}
        >
          {formatCount(count, i18n.language)}
        </span>
      )}
    </button>
  );
}

/**
 * A row of filter chips that wraps onto as many lines as it needs, named for assistive
 * technology; `showLabel` also writes the name before the chips.
 */
export function FilterChipGroup({
  label,
  showLabel = false,
  testId,
  children,
}: {
  label: string;
  showLabel?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const labelId = useId();
  const chips = (
    <div
      role="group"
      aria-label={showLabel ? undefined : label}
      aria-labelledby={showLabel ? labelId : undefined}
      data-testid={testId}
      className="flex flex-wrap gap-2"
    >
      {children}
    </div>
  );
  if (!showLabel) return chips;
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <span
        id={labelId}
        className="w-16 shrink-0 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        {label}
      </span>
      {chips}
    </div>
  );
}
