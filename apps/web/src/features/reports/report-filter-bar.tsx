import { REPORT_CATEGORIES, REPORT_STATUSES } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { useCity } from '../../lib/city/city-context';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import type { TrackerFilterName, TrackerFilters } from './report-filters';

// The form field's look, written here as the city and language selects write it: the public
// tracker need not download the form fields (and their password toggle's icons) for a label.
const labelClass = 'mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200';
const selectClass = `w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`;

/** One labelled filter as a plain select. */
export function FilterSelect({
  label,
  value,
  testId,
  onChange,
  options,
}: {
  label: string;
  value: string;
  testId: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The tracker's three filters: city, status and problem, each a plain select. */
export function ReportFilterBar({
  filters,
  onChange,
}: {
  filters: TrackerFilters;
  onChange: (name: TrackerFilterName, value: string) => void;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const { cities } = useCity();
  const known = cities.map((city) => ({ value: city.key, label: city.name }));
  // The chosen city is offered even before the city list has loaded, so the select shows it.
  const cityOptions =
    filters.city === 'all' || cities.some((city) => city.key === filters.city)
      ? known
      : [{ value: filters.city, label: t(`translation:cityNames.${filters.city}`) }, ...known];
  return (
    <div
      role="group"
      aria-label={t('reports.tracker.filters')}
      className="grid gap-3 sm:grid-cols-3"
    >
      <FilterSelect
        label={t('reports.tracker.city')}
        testId="report-filter-city"
        value={filters.city}
        onChange={(value) => onChange('city', value)}
        options={[...cityOptions, { value: 'all', label: t('reports.tracker.allCities') }]}
      />
      <FilterSelect
        label={t('reports.tracker.status')}
        testId="report-filter-status"
        value={filters.status}
        onChange={(value) => onChange('status', value)}
        options={[
          { value: 'all', label: t('reports.tracker.allStatuses') },
          ...REPORT_STATUSES.map((status) => ({
            value: status,
            label: t(`reports.statuses.${status}`),
          })),
        ]}
      />
      <FilterSelect
        label={t('reports.tracker.category')}
        testId="report-filter-category"
        value={filters.category}
        onChange={(value) => onChange('category', value)}
        options={[
          { value: 'all', label: t('reports.tracker.allCategories') },
          ...REPORT_CATEGORIES.map((category) => ({
            value: category,
            label: t(`reports.categories.${category}`),
          })),
        ]}
      />
    </div>
  );
}
