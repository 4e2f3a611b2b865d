import { REPORT_CATEGORIES } from '@smart-city/shared';
import type { ReportCategory } from '@smart-city/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './field-error';
import { FIELD_IDS } from './report-form';
import { ReportCategoryIcon } from './report-category-icon';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/**
 * The problem, as a grid of large buttons with an icon each: real radio buttons underneath, so a
 * keyboard moves through them with the arrows and a screen reader hears one group with a choice.
 */
export function CategoryPicker({
  value,
  onChange,
  error,
  below,
}: {
  value: ReportCategory | null;
  onChange: (category: ReportCategory) => void;
  error: string | undefined;
  /** Shown under the grid: what the city does with the chosen problem. */
  below?: ReactNode;
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">
        {t('newReport.category')}
      </legend>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {REPORT_CATEGORIES.map((category, index) => (
          <label key={category} className="relative block">
            <input
              type="radio"
              name="report-category"
              value={category}
              id={index === 0 ? FIELD_IDS.category : undefined}
              checked={value === category}
              onChange={() => onChange(category)}
              data-testid={`report-category-${category}`}
              className="peer sr-only"
            />
            <span className="flex h-full min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-slate-200 bg-white p-2 text-center text-xs leading-tight font-semibold text-slate-800 peer-checked:border-sky-700 peer-checked:bg-sky-50 peer-checked:text-sky-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-500 hover:border-sky-300 sm:text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:peer-checked:border-sky-400 dark:peer-checked:bg-sky-950 dark:peer-checked:text-sky-50 dark:hover:border-sky-700">
              <ReportCategoryIcon category={category} size={28} />
              {t(`reports.categories.${category}`)}
            </span>
          </label>
        ))}
      </div>
      {below}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
