import { CircleCheckBig } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { useCity } from '../../lib/city/city-context';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { PATHS } from '../../lib/paths';
import { ReportMap } from './report-map';
import { TriageFilterBar } from './triage-filter-bar';
import {
  isFiltered,
  paramsWithoutTriageFilters,
  paramsWithReport,
  paramsWithTriageFilter,
  REPORT_PARAM,
  triageFiltersFrom,
} from './triage-filters';
import type { TriageFilterName, TriageFilters } from './triage-filters';
import { TriagePanel } from './triage-panel';
import { TriageQueueItem } from './triage-queue-item';
import { useTriageQueue } from './triage-queue-query';

/** Another operator's action, or a resident's follow, shows in the queue and the panel at once. */
export { reportsLive as liveModule } from './reports.live';

/** From this width (Tailwind's `lg`) the panel stands beside the queue rather than below it. */
const WIDE_SCREEN_MIN_PX = 1024;

/** Where the panel stands while no report is open. */
function PanelPlaceholder() {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  return (
    <div className="hidden min-h-24 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 lg:flex dark:border-slate-700 dark:bg-slate-900/50 dark:text-slate-400">
      {t('reports.triage.panel.choose')}
    </div>
  );
}

/**
 * The operators' triage screen: the selected city's reports that need attention, the earliest
 * deadline first, a page at a time (filters and the open report kept in the address), a map of
 * those loaded, and a side panel to assign, move on or merge the open one beside what is near it.
 */
export function TriagePage() {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const { cityKey, city } = useCity();
  const [params, setParams] = useSearchParams();
  const filters = triageFiltersFrom(params);
  const openId = params.get(REPORT_PARAM);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const queue = useTriageQueue(cityKey, filters);
  const queuePending = queue.isPending;
  const reports = useMemo(
    () => queue.data?.pages.flatMap((page) => page.items) ?? [],
    [queue.data],
  );
  const listed = openId === null ? undefined : reports.find((report) => report.id === openId);

  const changeFilter = <N extends TriageFilterName>(name: N, value: TriageFilters[N]) =>
    setParams(paramsWithTriageFilter(params, name, value), { replace: true });

  // A report opened from the list or the map is brought into view, its heading focused, once its
  // panel stands: beside the queue on a wide screen, below it on a phone, where a link to one
  // report (a notification's) is brought into view too.
  const [openedByLink] = useState(
    () => openId !== null && !window.matchMedia(`(min-width: ${WIDE_SCREEN_MIN_PX}px)`).matches,
  );
  const revealWanted = useRef(openedByLink);
  const revealPanel = useCallback(() => {
    revealWanted.current = true;
  }, []);
  useEffect(() => {
    const heading = panelHeading.current;
    // A report linked to waits for the queue above it on a phone, which would push it away.
    if (!revealWanted.current || !heading || queuePending) return;
    revealWanted.current = false;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const wide = window.matchMedia(`(min-width: ${WIDE_SCREEN_MIN_PX}px)`).matches;
    // jsdom has no scrolling; browsers do. Beside the queue the panel's own scroll brings the
    // heading into view; below it, the page scrolls down to it.
    if (typeof heading.scrollIntoView === 'function') {
      heading.scrollIntoView({
        block: wide ? 'nearest' : 'start',
        behavior: still ? 'auto' : 'smooth',
      });
    }
    heading.focus({ preventScroll: true });
  }, [openId, queuePending]);

  const openReport = useCallback(
    (id: string) => {
      revealPanel();
      setParams((previous) => paramsWithReport(previous, id));
    },
    [setParams, revealPanel],
  );
  const closeReport = () => setParams((previous) => paramsWithReport(previous, null));

  let queueContent;
  if (queue.isPending) {
    queueContent = (
      <div className="flex justify-center py-14">
        <Spinner size={32} />
      </div>
    );
  } else if (queue.isError) {
    queueContent = (
      <QueryError
        message={t('reports.triage.loadFailed')}
        onRetry={() => void queue.refetch()}
        retrying={queue.isFetching}
        testId="triage-error"
      />
    );
  } else if (reports.length === 0) {
    queueContent = (
      <div data-testid="triage-empty">
        <EmptyState
          icon={<SvgIcon icon={CircleCheckBig} />}
          title={t('reports.triage.empty')}
          description={t('reports.triage.emptyHelp')}
          action={
            isFiltered(filters) ? (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => setParams(paramsWithoutTriageFilters(params), { replace: true })}
              >
                {t('reports.triage.clearFilters')}
              </button>
            ) : undefined
          }
        />
      </div>
    );
  } else {
    queueContent = (
      <div className="space-y-4">
        {city ? (
          <figure className="m-0">
            <ReportMap
              city={city}
              reports={reports}
              point={listed ? { lat: listed.lat, lng: listed.lng } : null}
              onOpen={openReport}
              label={t('reports.triage.mapLabel', { city: city.name })}
              className="h-64 sm:h-80"
            />
            <figcaption className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              {t('reports.triage.mapHelp')}
            </figcaption>
          </figure>
        ) : null}
        <div aria-busy={queue.isFetching || undefined} className="pt-2">
          <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            {t('reports.triage.loaded', { count: reports.length })}
          </p>
          <ul
            aria-label={t('reports.triage.queueLabel')}
            className="space-y-3"
            data-testid="triage-list"
          >
            {reports.map((report) => (
              <TriageQueueItem
                key={report.id}
                report={report}
                to={{ search: `?${paramsWithReport(params, report.id).toString()}` }}
                chosen={report.id === openId}
                onOpen={revealPanel}
              />
            ))}
          </ul>
          {queue.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
              {t('reports.triage.loadMoreFailed')}
            </p>
          ) : null}
          {queue.hasNextPage ? (
            <button
              type="button"
              data-testid="triage-load-more"
              className={`${secondaryButton} mt-4 w-full sm:w-auto`}
              disabled={queue.isFetchingNextPage}
              onClick={() => void queue.fetchNextPage()}
            >
              {queue.isFetchingNextPage
                ? t('reports.triage.loadingMore')
                : t('reports.triage.loadMore')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('signedIn:screens.reportQueue.title')}
        actions={
          <Link to={PATHS.reports} className={secondaryButton}>
            {t('reports.triage.tracker')}
          </Link>
        }
      />
      {city ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('reports.triage.intro', { city: city.name })}
        </p>
      ) : null}
      <TriageFilterBar filters={filters} onChange={changeFilter} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0">{queueContent}</div>
        {/* Beside the queue the panel stays in view while the queue scrolls, and scrolls itself. */}
        <div className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">
          {openId === null ? (
            <PanelPlaceholder />
          ) : (
            <TriagePanel
              key={openId}
              id={openId}
              listed={listed}
              onOpen={openReport}
              onClose={closeReport}
              headingRef={panelHeading}
            />
          )}
        </div>
      </div>
    </>
  );
}
