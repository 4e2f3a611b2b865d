import { findArea } from '@smart-city/shared';
import type { ReportDetail, StaffReport } from '@smart-city/shared';
import { X } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing, iconButton } from '../../components/button-styles';
import { InlineAlert } from '../../components/inline-alert';
import { PersonsWords } from '../../components/persons-words';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { SvgIcon } from '../../components/svg-icon';
import { TimeAgo } from '../../components/time-ago';
import { formatCount } from '../../lib/format/numbers';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { reportPath } from '../../lib/paths';
import { ReportCategoryIcon } from './report-category-icon';
import { ReportDeadline } from './report-deadline';
import { ReportDescription } from './report-description';
import { ReportPhotos } from './report-photos';
import { useReport } from './report-query';
import { ReportStatusBadge } from './report-status-badge';
import { ReportTimeline } from './report-timeline';
import { TriageAssign } from './triage-assign';
import { TriageContext } from './triage-context';
import { TriageMerge } from './triage-merge';
import { TriageStatus } from './triage-status';

const linkClass = `rounded font-medium text-sky-700 underline hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`;

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

/** The report's facts, what was reported, its photos, the actions, what is near it, its timeline. */
function TriageReport({
  report,
  listed,
  onOpen,
}: {
  report: ReportDetail;
  listed: StaffReport | undefined;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const area = report.area ? findArea(report.area)?.name : undefined;
  // The queue's answer names the assignee; the report's public page names nobody.
  const current = { ...report, assignee: listed?.assignee };
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <p className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <ReportCategoryIcon category={report.category} className="shrink-0" />
          {t(`reports.categories.${report.category}`)}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <ReportStatusBadge status={report.status} />
          <ReportDeadline report={report} />
        </div>
      </div>

      {report.mergedInto ? (
        <InlineAlert tone="info" testId="triage-merged">
          {t('reports.detail.merged')}{' '}
          <button
            type="button"
            className={linkClass}
            onClick={() => report.mergedInto && onOpen(report.mergedInto)}
          >
            {t('reports.number', { id: report.mergedInto })}
          </button>
        </InlineAlert>
      ) : null}

      {report.statusNote ? (
        <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="text-sm font-semibold text-slate-900 dark:text-white">
            {report.status === 'rejected'
              ? t('reports.detail.reason')
              : t('reports.detail.resolution')}
          </p>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            <PersonsWords>{report.statusNote}</PersonsWords>
          </p>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3">
        <Fact term={t('reports.detail.reported')}>
          <TimeAgo iso={report.createdAt} />
        </Fact>
        <Fact term={t('reports.detail.department')}>
          {t(`reports.departments.${report.department}`)}
        </Fact>
        {listed ? (
          <Fact term={t('reports.triage.panel.assignee')}>
            <span data-testid="triage-assignee">
              {listed.assignee?.name ?? t('reports.triage.panel.nobody')}
            </span>
          </Fact>
        ) : null}
        <Fact term={t('reports.triage.panel.followers')}>
          {formatCount(report.followers, i18n.language)}
        </Fact>
        {area || report.address ? (
          <Fact term={t('reports.detail.place')}>
            {area ? <span translate="no">{area}</span> : null}
            {area && report.address ? ' · ' : null}
            {report.address ? <PersonsWords>{report.address}</PersonsWords> : null}
          </Fact>
        ) : null}
        {listed ? (
          <Fact term={t('reports.triage.panel.source')}>
            {t(`reports.triage.panel.sources.${listed.source}`)}
          </Fact>
        ) : null}
      </dl>

      <ReportDescription text={report.description} testId="triage-description" size="sm" />

      {report.photos.length > 0 ? <ReportPhotos id={report.id} photos={report.photos} /> : null}

      {/* Each action stays mounted as the report changes, so a refusal stays in view. */}
      <TriageStatus report={report} />
      <TriageAssign report={current} />
      <TriageMerge report={report} onMerged={onOpen} />
      {current.status === 'closed' || current.status === 'rejected' ? (
        <p className="border-t border-slate-200 pt-5 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {t('reports.triage.panel.ended')}
        </p>
      ) : null}

      <TriageContext id={report.id} />

      <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
        <ReportTimeline history={report.history} />
      </div>
    </div>
  );
}

/**
 * The side panel (below the queue on a phone) of the report named in the address: everything an
 * operator needs to triage it, and the actions to do so.
 */
export function TriagePanel({
  id,
  listed,
  onOpen,
  onClose,
  headingRef,
}: {
  id: string;
  /** The report as the queue lists it, with its assignee; undefined when not loaded there. */
  listed: StaffReport | undefined;
  onOpen: (id: string) => void;
  onClose: () => void;
  /** The heading, which takes focus when a report is opened from the list. */
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const headingId = useId();
  const query = useReport(id);

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner size={28} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <QueryError
        message={t('reports.triage.panel.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId="triage-panel-error"
      />
    );
  } else if (query.data === null) {
    content = (
      <InlineAlert tone="warning" testId="triage-panel-missing">
        {t('reports.triage.panel.notFound', { id })}
      </InlineAlert>
    );
  } else {
    content = <TriageReport report={query.data} listed={listed} onOpen={onOpen} />;
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="triage-panel"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-20 text-xl font-semibold tracking-tight text-slate-900 outline-none dark:text-white"
        >
          {t('reports.number', { id })}
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <Link to={reportPath(id)} className={`${linkClass} px-1 text-sm`}>
            {t('reports.triage.panel.publicPage')}
          </Link>
          <button
            type="button"
            className={iconButton}
            aria-label={t('reports.triage.panel.close', { id })}
            title={t('reports.triage.panel.close', { id })}
            onClick={onClose}
          >
            <SvgIcon icon={X} size={18} />
          </button>
        </div>
      </div>
      {content}
    </section>
  );
}
