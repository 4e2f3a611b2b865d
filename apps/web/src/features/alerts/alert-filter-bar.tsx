import type { AlertCounts } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { inputClass, labelClass } from '../../components/form-field';
import { SeverityIcon } from './alert-badges';
import {
  DEFAULT_FILTERS,
  isDefaultFilters,
  SEVERITY_CHOICES,
  STATUS_CHOICES,
} from './alert-filters';
import type { AlertFilters, SeverityChoice, StatusChoice } from './alert-filters';
import { countForSeverity, countForStatus } from './alert-counts-query';

/** Typing settles for this long before the search is applied (and the address changes). */
export const SEARCH_DEBOUNCE_MS = 300;

function FilterChip({
  label,
  count,
  pressed,
  onSelect,
  testId,
  icon,
}: {
  label: string;
  count: number | null;
  pressed: boolean;
  onSelect: () => void;
  testId: string;
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      data-testid={testId}
      data-count={count ?? undefined}
      onClick={onSelect}
      aria-label={count === null ? label : t('alerts.filterCount', { label, count })}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${focusRing} ${
        pressed
          ? 'border-sky-700 bg-sky-700 text-white dark:border-sky-500 dark:bg-sky-700'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800'
      }`}
    >
      {icon}
      <span>{label}</span>
      {count === null ? null : (
        <span
          aria-hidden="true"
          className={`min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums ${
            pressed
              ? 'bg-white/25 text-white'
              : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
          }`}
        >
          {count}
        </span>
      )}
    </button>
  );
}

function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
      <span
        id={labelId}
        className="w-16 shrink-0 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        {label}
      </span>
      {/* On a phone the chips scroll sideways in one row instead of filling the screen. */}
      <div
        role="group"
        aria-labelledby={labelId}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap sm:overflow-visible"
      >
        {children}
      </div>
    </div>
  );
}

/** The search box: applies what was typed once typing pauses, or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed the search (Clear filters, a link): the box follows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }

  // The newest callback, without restarting the pause whenever the screen re-renders.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className={labelClass}>
        {t('alerts.searchLabel')}
      </label>
      <div className="relative">
        <input
          id={id}
          type="search"
          data-testid="alerts-search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('alerts.searchPlaceholder')}
          autoComplete="off"
          className={`${inputClass} border-slate-300 pr-10 dark:border-slate-600 [&::-webkit-search-cancel-button]:appearance-none`}
        />
        {text !== '' ? (
          <button
            type="button"
            aria-label={t('alerts.clearSearch')}
            title={t('alerts.clearSearch')}
            onClick={() => {
              setText('');
              onSearch('');
            }}
            className={`absolute inset-y-0 right-1 my-auto inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white ${focusRing}`}
          >
            <Icon name="close" size={16} />
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Search, then status and severity chips, each with the number of alerts it would list. */
export function AlertFilterBar({
  filters,
  counts,
  onChange,
}: {
  filters: AlertFilters;
  /** Null while the counts load or when they failed: the chips still filter, without numbers. */
  counts: AlertCounts | null;
  onChange: (change: Partial<AlertFilters>) => void;
}) {
  const { t } = useTranslation();
  const statusLabel = (status: StatusChoice) => t(`alerts.statusFilters.${status}`);
  const severityLabel = (severity: SeverityChoice) =>
    severity === 'all' ? t('alerts.allSeverities') : t(`severity.${severity}`);

  return (
    <div
      data-testid="alerts-filters"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} />
      <ChipGroup label={t('alerts.statusFilter')}>
        {STATUS_CHOICES.map((status) => (
          <FilterChip
            key={status}
            testId={`alerts-status-${status}`}
            label={statusLabel(status)}
            count={counts ? countForStatus(counts, status) : null}
            pressed={filters.status === status}
            onSelect={() => onChange({ status })}
          />
        ))}
      </ChipGroup>
      <ChipGroup label={t('alerts.severityFilter')}>
        {SEVERITY_CHOICES.map((severity) => (
          <FilterChip
            key={severity}
            testId={`alerts-severity-${severity}`}
            label={severityLabel(severity)}
            icon={severity === 'all' ? undefined : <SeverityIcon severity={severity} />}
            count={counts ? countForSeverity(counts, severity) : null}
            pressed={filters.severity === severity}
            onSelect={() => onChange({ severity })}
          />
        ))}
      </ChipGroup>
      {isDefaultFilters(filters) ? null : (
        <button
          type="button"
          data-testid="alerts-clear-filters"
          onClick={() => onChange(DEFAULT_FILTERS)}
          className={`rounded-md text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
        >
          {t('alerts.clearFilters')}
        </button>
      )}
    </div>
  );
}
