import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { PATHS, reportPath } from '../../lib/paths';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { ReportCallToAction } from './report-call-to-action';
import { ReportFilterBar } from './report-filter-bar';
import { listFiltersOf, paramsWithFilter, trackerFiltersFrom } from './report-filters';
import type { TrackerFilterName } from './report-filters';
import { ReportListItem } from './report-list-item';
import { ReportMap } from './report-map';
import { ReportPageShell } from './report-page-shell';
import { useReportPages } from './reports-query';

export { reportsLive as liveModule } from './reports.live';

/**
 * The public tracker: everyone, signed in or not, sees the reports of a city newest first, a page
 * at a time, filtered by city, status and problem (kept in the address, so a filtered view can be
 * shared), with the listed reports on a map. Nothing shown names a person.
 */
export function ReportsPage() {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const { status } = useAuth();
  const { cityKey, cities } = useCity();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = trackerFiltersFrom(params, cityKey);
  const pages = useReportPages(listFiltersOf(filters));
  const reports = useMemo(
    () => pages.data?.pages.flatMap((page) => page.items) ?? [],
    [pages.data],
  );
  const mapCity = cities.find((city) => city.key === filters.city) ?? null;
  const mapReports = useMemo(
    () => reports.filter((report) => report.city === mapCity?.key),
    [reports, mapCity],
  );

  const changeFilter = (name: TrackerFilterName, value: string) =>
    setParams(paramsWithFilter(params, name, value), { replace: true });

  return (
    <ReportPageShell>
      <PageHeader
        title={t('translation:screens.reports.title')}
        actions={
          <>
            {status === 'authenticated' ? (
              <Link to={PATHS.myReports} className={secondaryButton}>
                {t('reports.mine')}
              </Link>
            ) : null}
            <ReportCallToAction />
          </>
        }
      />
      <p className="-mt-3 mb-5 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
        {t('reports.tracker.intro')}
      </p>
      <ReportFilterBar filters={filters} onChange={changeFilter} />
      <div className="mt-6">
        {pages.isPending ? (
          <div className="flex justify-center py-14">
            <Spinner size={32} />
          </div>
        ) : pages.isError ? (
          <QueryError
            message={t('reports.tracker.loadFailed')}
            onRetry={() => void pages.refetch()}
            retrying={pages.isFetching}
            testId="reports-error"
          />
        ) : reports.length === 0 ? (
          <EmptyState
            icon={<SvgIcon icon={ClipboardList} />}
            title={t('reports.tracker.empty')}
            description={t('reports.tracker.emptyHelp')}
            action={<ReportCallToAction />}
          />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            {mapCity ? (
              <figure className="m-0 lg:sticky lg:top-4">
                <ReportMap
                  city={mapCity}
                  reports={mapReports}
                  onOpen={(id) => void navigate(reportPath(id))}
                  label={t('reports.tracker.mapLabel', { city: mapCity.name })}
                  className="h-64 sm:h-80 lg:h-[28rem]"
                />
                <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                  {t('reports.tracker.mapHelp')}
                </figcaption>
              </figure>
            ) : null}
            <div className={mapCity ? '' : 'lg:col-span-2'}>
              <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
                {t('reports.tracker.shown', { count: reports.length })}
              </p>
              <ul
                aria-label={t('reports.listLabel')}
                className="space-y-3"
                data-testid="report-list"
              >
                {reports.map((report) => (
                  <ReportListItem key={report.id} report={report} />
                ))}
              </ul>
              {pages.isFetchNextPageError ? (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
                  {t('reports.tracker.loadMoreFailed')}
                </p>
              ) : null}
              {pages.hasNextPage ? (
                <button
                  type="button"
                  className={`${secondaryButton} mt-4 w-full sm:w-auto`}
                  disabled={pages.isFetchingNextPage}
                  onClick={() => void pages.fetchNextPage()}
                >
                  {pages.isFetchingNextPage
                    ? t('reports.tracker.loadingMore')
                    : t('reports.tracker.loadMore')}
                </button>
              ) : null}
            </div>
          </div>
        )}
      </div>
    </ReportPageShell>
  );
}
