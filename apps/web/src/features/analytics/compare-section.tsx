import type { AnalyticsComparison } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { CHART_HEIGHT_PX } from '../../components/charts/chart-theme';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useCity } from '../../lib/city/city-context';
import { formatMetricValue, formatUnit } from '../../lib/format/metric-value';
import type { AnalyticsView } from './analytics-view';
import { useAnalyticsComparison } from './compare-query';
import { CompareChart } from './lazy-charts';

const FIGURES = ['average', 'min', 'max', 'latest'] as const;

/** The lines of the cities that have readings, and the table of all three cities' figures. */
function ComparisonFound({
  comparison,
  view,
}: {
  comparison: AnalyticsComparison;
  view: AnalyticsView;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const unit = formatUnit(comparison.unit, locale);
  const { cities } = useCity();
  const nameOf = (key: string) => cities.find((c) => c.key === key)?.name ?? key;
  const withPoints = comparison.cities.filter((c) => c.points.length > 0);
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
      {withPoints.length > 0 ? (
        <CompareChart
          cities={withPoints.map((c) => ({
            city: c.city,
            name: nameOf(c.city),
            points: c.points,
          }))}
          metric={view.metric}
          unit={unit}
          timeZone={view.timeZone}
          height={CHART_HEIGHT_PX}
          label={t('analytics.compare.chartLabel', {
            metric: view.metricName,
            window: view.windowName,
            unit,
          })}
        />
      ) : (
        <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {t('analytics.series.empty')}
        </p>
      )}
      {/* Focusable, so the table can be scrolled from the keyboard on a narrow screen. */}
      <div
        className={`overflow-x-auto rounded-md ${focusRing}`}
        role="region"
        aria-label={t('analytics.compare.tableCaption', {
          metric: view.metricName,
          window: view.windowName,
          unit,
        })}
        tabIndex={0}
      >
        <table className="w-full text-sm" data-testid="analytics-compare-table">
          <caption className="mb-2 text-left text-xs text-slate-600 dark:text-slate-400">
            {t('analytics.compare.tableCaption', {
              metric: view.metricName,
              window: view.windowName,
              unit,
            })}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('analytics.compare.city')}
              </th>
              {FIGURES.map((figure) => (
                <th key={figure} scope="col" className="px-1.5 py-2 text-right sm:px-2 font-medium">
                  {t(`analytics.compare.${figure}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {comparison.cities.map((row) => (
              <tr
                key={row.city}
                data-testid="analytics-compare-row"
                data-city={row.city}
                aria-current={row.city === view.city ? 'true' : undefined}
                className={row.city === view.city ? 'bg-sky-50 dark:bg-sky-950/40' : undefined}
              >
                <th
                  scope="row"
                  className="py-2 pr-3 text-left font-medium text-slate-900 dark:text-white"
                >
                  {nameOf(row.city)}
                </th>
                {FIGURES.map((figure) => {
                  const value = row[figure];
                  return (
                    <td
                      key={figure}
                      data-testid={`analytics-compare-${figure}`}
                      className="px-1.5 py-2 text-right sm:px-2 text-slate-800 tabular-nums dark:text-slate-100"
                    >
                      {value === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t('analytics.noData')}</span>
                        </>
                      ) : (
                        formatMetricValue(value, view.metric, locale)
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The chosen metric over the chosen window in all three cities: lines, and a table of figures. */
export function CompareSection({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation();
  const query = useAnalyticsComparison(view);
  return (
    <SectionCard
      title={t('analytics.compare.title')}
      description={t('analytics.compare.intro', {
        metric: view.metricName,
        window: view.windowName,
      })}
      testId="analytics-compare"
    >
      <QueryContent
        query={query}
        errorMessage={t('analytics.compare.loadFailed')}
        errorTestId="analytics-compare-error"
      >
        {(comparison) => <ComparisonFound comparison={comparison} view={view} />}
      </QueryContent>
    </SectionCard>
  );
}
