import { findArea } from '@smart-city/shared';
import type { StaffReport } from '@smart-city/shared';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { To } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { PersonsWords } from '../../components/persons-words';
import { SvgIcon } from '../../components/svg-icon';
import { TimeAgo } from '../../components/time-ago';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { ReportDeadline } from './report-deadline';
import { ReportRow } from './report-list-item';

const rowShape = `flex gap-3 rounded-xl border p-3 shadow-sm sm:p-4 ${focusRing}`;
const rowColors =
  'border-slate-200 bg-white hover:border-sky-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-sky-700';
const chosenColors =
  'border-sky-600 bg-sky-50 ring-2 ring-sky-600/40 dark:border-sky-400 dark:bg-sky-950/60 dark:ring-sky-400/40';

/**
 * One report in the queue: its problem, number, place, age, deadline, status, who has it and how
 * many follow it. The whole row is the link that opens it in the side panel.
 */
export function TriageQueueItem({
  report,
  to,
  chosen,
  onOpen,
}: {
  report: StaffReport;
  /** The queue's address with this report open. */
  to: To;
  chosen: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const area = report.area ? findArea(report.area)?.name : undefined;
  const department = t(`reports.departments.${report.department}`);
  return (
    <li data-testid="triage-item" data-report={report.id}>
      <Link
        to={to}
        aria-current={chosen ? 'true' : undefined}
        onClick={onOpen}
        className={`${rowShape} ${chosen ? chosenColors : rowColors}`}
      >
        <ReportRow report={report}>
          <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
            {t('reports.number', { id: report.id })}
            {area ? (
              <>
                {' · '}
                {/* An area's name is a place name, the same in every language. */}
                <span translate="no">{area}</span>
              </>
            ) : report.address ? (
              <>
                {' · '}
                <PersonsWords>{report.address}</PersonsWords>
              </>
            ) : null}
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <ReportDeadline report={report} />
            <span>
              {t('reports.detail.reported')} <TimeAgo iso={report.createdAt} />
            </span>
          </span>
          <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
            <span data-testid="triage-item-assignee">
              {report.assignee
                ? t('reports.triage.row.assignee', { name: report.assignee.name, department })
                : t('reports.triage.row.unassigned', { department })}
            </span>
            <span className="inline-flex items-center gap-1">
              <SvgIcon icon={Users} size={14} className="shrink-0" />
              {t('reports.triage.row.followers', { count: report.followers })}
            </span>
          </span>
        </ReportRow>
      </Link>
    </li>
  );
}
