import { findArea } from '@smart-city/shared';
import type { PublicReport } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { reportPath } from '../../lib/paths';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { ReportCategoryIcon } from './report-category-icon';
import { ReportDeadline } from './report-deadline';
import { ReportStatusBadge } from './report-status-badge';
import type { ReactNode } from 'react';

/**
 * One report in a list: its problem, status, place, age and deadline. The whole card is the link
 * to its page, so the card is one target and its times show their exact moment with its focus.
 */
export function ReportListItem({ report }: { report: PublicReport }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const area = report.area ? findArea(report.area)?.name : undefined;
  return (
    <li data-testid="report-item" data-report={report.id}>
      <Link
        to={reportPath(report.id)}
        className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm outline-none hover:border-sky-300 focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-700"
      >
        <ReportRow report={report}>
          <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
            {/* An area's name is a place name, the same in every language. */}
            {area ? (
              <span translate="no">{area}</span>
            ) : report.address ? (
              <PersonsWords>{report.address}</PersonsWords>
            ) : null}
            {area || report.address ? ' · ' : null}
            {t('reports.number', { id: report.id })}
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <span>
              {t('reports.detail.reported')} <TimeAgo iso={report.createdAt} />
            </span>
            <ReportDeadline report={report} />
          </span>
        </ReportRow>
      </Link>
    </li>
  );
}

/**
 * A report's row inside its link, as the lists and the operators' queue draw it: the problem's icon,
 * its name and status, then what the list says of it (`children`).
 */
export function ReportRow({
  report,
  children,
}: {
  report: Pick<PublicReport, 'category' | 'status'>;
  children: ReactNode;
}) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <ReportCategoryIcon category={report.category} />
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span className="text-base font-semibold text-slate-900 dark:text-white">
            {t(`reports.categories.${report.category}`)}
          </span>
          <ReportStatusBadge status={report.status} />
        </span>
        {children}
      </span>
    </>
  );
}
