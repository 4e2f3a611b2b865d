import { CITY_AREAS, REPORT_FIGURE_DAYS } from '@smart-city/shared';
import type { ReportFigure, ReportFigureDays, ReportFigures } from '@smart-city/shared';
import { ClipboardList } from 'lucide-react';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { labelClass } from '../../components/form-field';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { formatDateTime } from '../../lib/format/date-time';
import { formatCount, formatShare } from '../../lib/format/numbers';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import {
  downloadText,
  formatHoursToClose,
  reportFiguresCsv,
  reportFiguresFileName,
} from './analytics-format';
import type { AnalyticsView } from './analytics-view';
import { useReportFiguresParams } from './report-figures-params';
import { useReportFigures } from './report-figures-query';

const selectClass = `w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`;

/** The counted columns after the category, in the order the table and the CSV give them. */
const COUNTS = ['opened', 'closed'] as const;
const AFTER_SHARE = ['rejected', 'duplicates', 'openNow'] as const;

/** Whether nothing at all happened: no report made or ended in the window, and none open. */
function isEmpty(figures: ReportFigures): boolean {
  const { total } = figures;
  return total.opened + total.closed + total.rejected + total.duplicates + total.openNow === 0;
}

/** The cells of one row's figures, after its name. */
function FigureCells({ figure }: { figure: ReportFigure }) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const locale = i18n.language;
  const cell = 'px-2 py-2 text-right tabular-nums';
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('analytics.noData')}</span>
    </>
  );
  return (
    <>
      {COUNTS.map((key) => (
        <td key={key} className={cell} data-testid={`analytics-reports-${key}`}>
          {formatCount(figure[key], locale)}
        </td>
      ))}
      <td
        className={cell}
        data-testid="analytics-reports-within-target"
        title={
          figure.withinTargetShare === null
            ? undefined
            : t('analytics.reports.withinTargetOf', {
                within: figure.closedWithinTarget,
                closed: figure.closed,
              })
        }
      >
        {figure.withinTargetShare === null ? (
          none
        ) : (
          <>
            {formatShare(figure.withinTargetShare, locale)}
            <span className="sr-only">
              {' '}
              (
              {t('analytics.reports.withinTargetOf', {
                within: figure.closedWithinTarget,
                closed: figure.closed,
              })}
              )
            </span>
          </>
        )}
      </td>
      <td className={cell} data-testid="analytics-reports-median">
        {figure.medianHoursToClose === null
          ? none
          : formatHoursToClose(figure.medianHoursToClose, locale)}
      </td>
      {AFTER_SHARE.map((key) => (
        <td key={key} className={cell} data-testid={`analytics-reports-${key}`}>
          {formatCount(figure[key], locale)}
        </td>
      ))}
      <td
        className={`${cell} ${figure.overdueNow > 0 ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}
        data-testid="analytics-reports-overdueNow"
      >
        {formatCount(figure.overdueNow, locale)}
      </td>
    </>
  );
}

/** The figures of every category and of all of them, in a table that scrolls in its own box. */
function ReportFiguresTable({
  figures,
  caption,
  timeZone,
}: {
  figures: ReportFigures;
  caption: string;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const locale = i18n.language;
  const columns = [
    'opened',
    'closed',
    'withinTarget',
    'medianToClose',
    'rejected',
    'duplicates',
    'openNow',
    'overdueNow',
  ] as const;
  // The first column stays in place while the figures scroll beside it on a narrow screen.
  const sticky = 'sticky left-0 z-10 py-2 pr-3 pl-1 text-left';
  return (
    <>
      {/* Focusable, so the table can be scrolled from the keyboard on a narrow screen. */}
      <div
        className={`overflow-x-auto rounded-md ${focusRing}`}
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className="w-full min-w-[46rem] text-sm" data-testid="analytics-reports-table">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <th scope="col" className={`${sticky} bg-white font-medium dark:bg-slate-900`}>
                {t('analytics.reports.columns.category')}
              </th>
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="px-2 py-2 text-right align-bottom font-medium"
                >
                  {t(`analytics.reports.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800 dark:divide-slate-800 dark:text-slate-100">
            {figures.categories.map((row) => (
              <tr
                key={row.category}
                data-testid="analytics-reports-row"
                data-category={row.category}
              >
                <th
                  scope="row"
                  className={`${sticky} bg-white font-medium text-slate-900 dark:bg-slate-900 dark:text-white`}
                >
                  {t(`reports.categories.${row.category}`)}
                </th>
                <FigureCells figure={row} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr
              data-testid="analytics-reports-total"
              className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
            >
              <th scope="row" className={`${sticky} bg-slate-50 dark:bg-slate-800`}>
                {t('analytics.reports.total')}
              </th>
              <FigureCells figure={figures.total} />
            </tr>
          </tfoot>
        </table>
      </div>
      <p
        className="mt-3 text-xs text-slate-600 dark:text-slate-400"
        data-testid="analytics-reports-window"
      >
        {t('analytics.reports.window', {
          from: formatDateTime(figures.from, locale, timeZone),
          to: formatDateTime(figures.to, locale, timeZone),
        })}{' '}
        {t('analytics.reports.note')}
      </p>
    </>
  );
}

/** The area and period pickers of the reports' figures. */
function ReportFiguresFilters({
  view,
  area,
  days,
  onChange,
}: {
  view: AnalyticsView;
  area: string | undefined;
  days: ReportFigureDays;
  onChange: ReturnType<typeof useReportFiguresParams>['change'];
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const areaId = useId();
  const daysId = useId();
  const areas = CITY_AREAS[view.city];
  return (
    <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-xl">
      <div>
        <label htmlFor={areaId} className={labelClass}>
          {t('analytics.reports.area')}
        </label>
        <select
          id={areaId}
          data-testid="analytics-reports-area"
          value={area ?? ''}
          onChange={(event) => {
            const next = areas.find((candidate) => candidate.key === event.target.value);
            onChange({ area: next?.key ?? null });
          }}
          className={selectClass}
        >
          <option value="">{t('analytics.reports.wholeCity')}</option>
          {areas.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={daysId} className={labelClass}>
          {t('analytics.reports.period')}
        </label>
        <select
          id={daysId}
          data-testid="analytics-reports-days"
          value={days}
          onChange={(event) => {
            const next = REPORT_FIGURE_DAYS.find((option) => String(option) === event.target.value);
            if (next) onChange({ days: next });
          }}
          className={selectClass}
        >
          {REPORT_FIGURE_DAYS.map((option) => (
            <option key={option} value={option}>
              {t(`analytics.reports.periods.${option}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ReportFiguresCard({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const { area, days, change } = useReportFiguresParams(view.city);
  const query = useReportFigures({ city: view.city, area, days });
  const areaName = CITY_AREAS[view.city].find((candidate) => candidate.key === area)?.name;
  const place = areaName
    ? t('analytics.reports.place', { area: areaName, city: view.cityName })
    : view.cityName;
  const windowName = t(`analytics.reports.periodNames.${days}`);
  const shown = query.data;
  const exportable = shown !== undefined && !isEmpty(shown);

  return (
    <SectionCard
      title={t('analytics.reports.title')}
      description={t('analytics.reports.intro', { place, window: windowName })}
      testId="analytics-reports"
      actions={
        <button
          type="button"
          className={secondaryButton}
          disabled={!exportable}
          aria-label={t('analytics.reports.export.label')}
          title={t('analytics.reports.export.title')}
          data-testid="analytics-reports-export-csv"
          onClick={() => {
            if (shown) downloadText(reportFiguresFileName(shown), reportFiguresCsv(shown));
          }}
        >
          {t('analytics.reports.export.button')}
        </button>
      }
    >
      <ReportFiguresFilters view={view} area={area} days={days} onChange={change} />
      <QueryContent
        query={query}
        errorMessage={t('analytics.reports.loadFailed')}
        errorTestId="analytics-reports-error"
      >
        {(figures) =>
          isEmpty(figures) ? (
            <EmptyState
              icon={<SvgIcon icon={ClipboardList} />}
              title={t('analytics.reports.empty')}
              description={t('analytics.reports.emptyHelp', { place, window: windowName })}
            />
          ) : (
            <ReportFiguresTable
              figures={figures}
              caption={t('analytics.reports.tableCaption', { place, window: windowName })}
              timeZone={view.timeZone}
            />
          )
        }
      </QueryContent>
    </SectionCard>
  );
}

/**
 * How the city's citizens' reports were handled: per category, what came in, what was fixed and
 * how fast, what was rejected or a duplicate, and what still waits; with its CSV export. The
 * category names come with the reports' texts, which the card waits for on its own, so the rest
 * of the screen is not held up in a language still loading.
 */
export function ReportFiguresSection({ view }: { view: AnalyticsView }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <SectionCard title={t('analytics.reports.title')} testId="analytics-reports">
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        </SectionCard>
      }
    >
      <ReportFiguresCard view={view} />
    </Suspense>
  );
}
