import { REPORT_CATEGORIES, REPORT_DEPARTMENTS, REPORT_STATUSES } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { FilterSelect } from './report-filter-bar';
import type { TriageFilterName, TriageFilters } from './triage-filters';

/** The queue's filters: status, problem, department (plain selects) and "Overdue only". */
export function TriageFilterBar({
  filters,
  onChange,
}: {
  filters: TriageFilters;
  onChange: <N extends TriageFilterName>(name: N, value: TriageFilters[N]) => void;
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const overdueId = useId();
  return (
    <div
      role="group"
      aria-label={t('reports.triage.filters')}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="min-w-40 flex-1">
        <FilterSelect
          label={t('reports.triage.status')}
          testId="triage-filter-status"
          value={filters.status}
          onChange={(value) =>
            onChange('status', REPORT_STATUSES.find((status) => status === value) ?? 'active')
          }
          options={[
            { value: 'active', label: t('reports.triage.active') },
            ...REPORT_STATUSES.map((status) => ({
              value: status,
              label: t(`reports.statuses.${status}`),
            })),
          ]}
        />
      </div>
      <div className="min-w-40 flex-1">
        <FilterSelect
          label={t('reports.triage.category')}
          testId="triage-filter-category"
          value={filters.category}
          onChange={(value) =>
            onChange('category', REPORT_CATEGORIES.find((category) => category === value) ?? 'all')
          }
          options={[
            { value: 'all', label: t('reports.triage.allCategories') },
            ...REPORT_CATEGORIES.map((category) => ({
              value: category,
              label: t(`reports.categories.${category}`),
            })),
          ]}
        />
      </div>
      <div className="min-w-40 flex-1">
        <FilterSelect
          label={t('reports.triage.department')}
          testId="triage-filter-department"
          value={filters.department}
          onChange={(value) =>
            onChange(
              'department',
              REPORT_DEPARTMENTS.find((department) => department === value) ?? 'all',
            )
          }
          options={[
            { value: 'all', label: t('reports.triage.allDepartments') },
            ...REPORT_DEPARTMENTS.map((department) => ({
              value: department,
              label: t(`reports.departments.${department}`),
            })),
          ]}
        />
      </div>
      <div className="flex flex-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800">
        <input
          id={overdueId}
          type="checkbox"
          data-testid="triage-filter-overdue"
          checked={filters.overdue}
          onChange={(event) => onChange('overdue', event.target.checked)}
          className={`size-4 rounded border-slate-400 accent-sky-700 dark:border-slate-500 ${focusRing}`}
        />
        <label
          htmlFor={overdueId}
          className="text-sm font-medium whitespace-nowrap text-slate-800 dark:text-slate-100"
        >
          {t('reports.triage.overdueOnly')}
        </label>
      </div>
    </div>
  );
}
