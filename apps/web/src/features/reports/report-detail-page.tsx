import { findArea } from '@smart-city/shared';
import type { ReportDetail } from '@smart-city/shared';
import { ChevronLeft, ClipboardList } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { PersonsWords } from '../../components/persons-words';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { TimeAgo } from '../../components/time-ago';
import { useCity } from '../../lib/city/city-context';
import { formatCoordinates } from '../../lib/format/metric-value';
import { PATHS, reportPath } from '../../lib/paths';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { ReportCategoryIcon } from './report-category-icon';
import { ReportDeadline } from './report-deadline';
import { ReportFollow } from './report-follow';
import { ReportMap } from './report-map';
import { ReportPageShell } from './report-page-shell';
import { ReportDescription } from './report-description';
import { ReportPhotos } from './report-photos';
import { useReport } from './report-query';
import { ReportStatusBadge } from './report-status-badge';
import { ReportTimeline } from './report-timeline';

export { reportsLive as liveModule } from './reports.live';

const linkClass = `rounded font-medium text-sky-700 underline hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`;

/**
 * One report as anyone may see it: its problem, status and deadline, photos, description, place,
 * department, the resolution or reason, the report it was merged into, its timeline (roles, never
 * names), and how many follow it, with Follow or Unfollow for a signed-in person.
 */
export function ReportDetailPage() {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const id = useParams().id ?? '';
  const query = useReport(id);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-14">
        <Spinner size={32} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <>
        <PageHeader title={t('translation:screens.reportDetail.title')} />
        <QueryError
          message={t('reports.detail.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="report-error"
        />
      </>
    );
  } else if (query.data === null) {
    content = (
      <>
        <PageHeader title={t('translation:screens.reportDetail.title')} />
        <EmptyState
          icon={<SvgIcon icon={ClipboardList} />}
          title={t('reports.detail.notFound')}
          description={t('reports.detail.notFoundHelp')}
          action={
            <Link to={PATHS.reports} className={secondaryButton}>
              {t('reports.detail.back')}
            </Link>
          }
        />
      </>
    );
  } else {
    content = <ReportArticle report={query.data} />;
  }

  return (
    <ReportPageShell>
      <div className={READING_WIDTH}>
        <Link
          to={PATHS.reports}
          className={`mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`}
        >
          <SvgIcon icon={ChevronLeft} size={16} />
          {t('reports.detail.back')}
        </Link>
        {content}
      </div>
    </ReportPageShell>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

function ReportArticle({ report }: { report: ReportDetail }) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACES);
  const { cities } = useCity();
  const city = cities.find((candidate) => candidate.key === report.city) ?? null;
  const area = report.area ? findArea(report.area)?.name : undefined;
  const factsId = useId();
  const noteId = useId();

  return (
    <article
      data-testid="report-detail"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="space-y-2">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {t('reports.number', { id: report.id })}
        </p>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
          <ReportCategoryIcon category={report.category} size={24} className="shrink-0" />
          {t(`reports.categories.${report.category}`)}
        </h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <ReportStatusBadge status={report.status} />
          <ReportDeadline report={report} />
        </div>
      </header>

      {report.mergedInto ? (
        <InlineAlert tone="info" testId="report-merged">
          {t('reports.detail.merged')}{' '}
          <Link to={reportPath(report.mergedInto)} className={linkClass}>
            {t('reports.number', { id: report.mergedInto })}
          </Link>
        </InlineAlert>
      ) : null}

      {report.statusNote ? (
        <section
          aria-labelledby={noteId}
          data-testid="report-status-note"
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <h2 id={noteId} className="text-base font-semibold text-slate-900 dark:text-white">
            {report.status === 'rejected'
              ? t('reports.detail.reason')
              : t('reports.detail.resolution')}
          </h2>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            <PersonsWords>{report.statusNote}</PersonsWords>
          </p>
        </section>
      ) : null}

      <ReportDescription text={report.description} testId="report-description" />

      {report.photos.length > 0 ? <ReportPhotos id={report.id} photos={report.photos} /> : null}

      <section aria-labelledby={factsId}>
        <h2 id={factsId} className="sr-only">
          {t('reports.detail.facts')}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact term={t('reports.detail.reported')}>
            <TimeAgo iso={report.createdAt} />
          </Fact>
          <Fact term={t('reports.detail.department')}>
            {t(`reports.departments.${report.department}`)}
          </Fact>
          {area ? (
            <Fact term={t('reports.detail.area')}>
              <span translate="no">{area}</span>
            </Fact>
          ) : null}
          <Fact term={t('reports.detail.place')}>
            {report.address ? (
              <>
                <PersonsWords>{report.address}</PersonsWords>
                <br />
              </>
            ) : null}
            <span className="text-slate-600 dark:text-slate-400">
              {formatCoordinates(report.lat, report.lng, i18n.language)}
            </span>
          </Fact>
        </dl>
      </section>

      <ReportFollow report={report} />

      {city ? (
        <ReportMap
          city={city}
          point={{ lat: report.lat, lng: report.lng }}
          label={t('reports.detail.mapLabel', { id: report.id, city: city.name })}
          className="h-56 sm:h-72"
        />
      ) : null}

      <ReportTimeline history={report.history} />
    </article>
  );
}
