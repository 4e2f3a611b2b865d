import type { AlertCounts } from '@smart-city/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { FilterChip, FilterChipGroup } from '../../components/filter-chips';
import { Icon } from '../../components/icon';
import { inputClass, labelClass } from '../../components/form-field';
import { SeverityIcon } from '../../components/alert-badges';
import {
  ASSIGNEE_CHOICES,
  DEFAULT_FILTERS,
  isDefaultFilters,
  RESIDENT_STATUS_CHOICES,
  SEVERITY_CHOICES,
  WORKFLOW_STATUS_CHOICES,
} from './alert-filters';
import { useResidentWords } from './alert-advice';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import type { AlertFilters } from './alert-filters';
import { countForSeverity, countForStatus } from './alert-counts-query';

/** Typing settles for this long before the search is applied (and the address changes). */
const SEARCH_DEBOUNCE_MS = 300;

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

/**
 * Search, then status and severity chips, each with the number of alerts it would list; for
 * operators and admins also whose alerts (anyone's, mine, nobody's yet).
 */
export function AlertFilterBar({
  filters,
  counts,
  onChange,
  showAssignee = false,
  residentView = false,
}: {
  filters: AlertFilters;
  /** Null while the counts load or when they failed: the chips still filter, without numbers. */
  counts: AlertCounts | null;
  onChange: (change: Partial<AlertFilters>) => void;
  showAssignee?: boolean;
  /** A resident's chips: Active, Ended or All, and the citizen home's severity words. */
  residentView?: boolean;
}) {
  const { t } = useTranslation();
  const home = useTranslation(HOME_NAMESPACES).t;
  const resident = useResidentWords();
  // `announced` (every alert shown to operators) is the alarm KPIs' choice: a chip only when chosen.
  const statusChoices = residentView
    ? RESIDENT_STATUS_CHOICES
    : filters.status === 'announced'
      ? [...WORKFLOW_STATUS_CHOICES, 'announced' as const]
      : WORKFLOW_STATUS_CHOICES;
  const statusLabel = (status: (typeof statusChoices)[number]) =>
    residentView
      ? home(`alertAdvice.filters.${status as 'active' | 'ended' | 'all'}`)
      : t(`alerts.statusFilters.${status as Exclude<typeof status, 'ended'>}`);
  const chipName = (label: string, count: number | null) =>
    count === null ? undefined : t('alerts.filterCount', { label, count });
  const severityLabel = (severity: (typeof SEVERITY_CHOICES)[number]) =>
    severity === 'all'
      ? t('alerts.allSeverities')
      : residentView
        ? resident.severity(severity)
        : t(`severity.${severity}`);
  // On a phone the chips fold into one control that says what is chosen.
  const [open, setOpen] = useState(false);
  const chipsId = useId();
  const chosen = [
    statusLabel(filters.status),
    severityLabel(filters.severity),
    ...(showAssignee ? [t(`alerts.assigneeFilters.${filters.assignee}`)] : []),
  ].join(' · ');

  return (
    <div
      data-testid="alerts-filters"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} />
      <button
        type="button"
        data-testid="alerts-filters-toggle"
        aria-expanded={open}
        aria-controls={chipsId}
        onClick={() => setOpen((now) => !now)}
        className={`flex w-full items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-left text-sm sm:hidden dark:border-slate-600 ${focusRing}`}
      >
        <Icon name="filters" size={16} className="shrink-0 text-slate-600 dark:text-slate-300" />
        <span className="font-semibold text-slate-900 dark:text-white">
          {t('alerts.filtersToggle')}
        </span>
        <span
          data-testid="alerts-filters-chosen"
          className="min-w-0 flex-1 truncate text-slate-600 dark:text-slate-400"
        >
          {chosen}
        </span>
        <Icon
          name="chevron-down"
          size={16}
          className={`shrink-0 text-slate-600 transition-transform motion-reduce:transition-none dark:text-slate-300 ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={chipsId} className={`space-y-4 ${open ? '' : 'max-sm:hidden'}`}>
        <FilterChipGroup
          label={residentView ? home('alertAdvice.filters.label') : t('alerts.statusFilter')}
          showLabel
        >
          {statusChoices.map((status) => {
            const label = statusLabel(status);
            const count = counts ? countForStatus(counts, status) : null;
            return (
              <FilterChip
                key={status}
                testId={`alerts-status-${status}`}
                label={label}
                count={count}
                accessibleName={chipName(label, count)}
                pressed={filters.status === status}
                onSelect={() => onChange({ status })}
              />
            );
          })}
        </FilterChipGroup>
        <FilterChipGroup label={t('alerts.severityFilter')} showLabel>
          {SEVERITY_CHOICES.map((severity) => {
            const label = severityLabel(severity);
            const count = counts ? countForSeverity(counts, severity) : null;
            return (
              <FilterChip
                key={severity}
                testId={`alerts-severity-${severity}`}
                label={label}
                count={count}
                accessibleName={chipName(label, count)}
                icon={severity === 'all' ? undefined : <SeverityIcon severity={severity} />}
                pressed={filters.severity === severity}
                onSelect={() => onChange({ severity })}
              />
            );
          })}
        </FilterChipGroup>
        {showAssignee ? (
          <FilterChipGroup label={t('alerts.assigneeFilter')} showLabel>
            {ASSIGNEE_CHOICES.map((assignee) => (
              <FilterChip
                key={assignee}
                testId={`alerts-assignee-${assignee}`}
                label={t(`alerts.assigneeFilters.${assignee}`)}
                count={null}
                pressed={filters.assignee === assignee}
                onSelect={() => onChange({ assignee })}
              />
            ))}
          </FilterChipGroup>
        ) : null}
      </div>
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
