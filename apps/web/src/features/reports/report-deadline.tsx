import { isOpenReport } from '@smart-city/shared';
import type { PublicReport } from '@smart-city/shared';
import { Clock, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../components/svg-icon';
import { TimeAgo } from '../../components/time-ago';
import { useMinuteClock } from '../../lib/clock';
import { formatDuration, formatTimeUntil } from '../../lib/format/time-ago';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/**
 * A report's deadline as a resident reads it: 'Due in 5 hours', 'Overdue by 2 hours' (in red, with
 * a warning sign), or, once it has ended, 'Closed 2 days ago'. It follows the clock: a report
 * left open on screen turns overdue when its time comes.
 */
export function ReportDeadline({
  report,
  className = '',
}: {
  report: Pick<PublicReport, 'status' | 'dueAt' | 'closedAt' | 'overdue'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation(REPORTS_NAMESPACES);
  const now = useMinuteClock();
  if (!isOpenReport(report)) {
    const ended = report.status === 'rejected' ? 'rejected' : 'closed';
    return (
      <span data-testid="report-deadline" className={className}>
        {t(`reports.endedAgo.${ended}`)}
        {report.closedAt ? (
          <>
            {' '}
            <TimeAgo iso={report.closedAt} />
          </>
        ) : null}
      </span>
    );
  }
  const dueAt = Date.parse(report.dueAt);
  if (report.overdue || dueAt <= now.getTime()) {
    return (
      <span
        data-testid="report-deadline"
        data-overdue="true"
        className={`inline-flex items-center gap-1 font-semibold text-red-700 dark:text-red-300 ${className}`}
      >
        <SvgIcon icon={TriangleAlert} size={14} className="shrink-0" />
        {t('reports.overdueBy', { duration: formatDuration(now.getTime() - dueAt, i18n.language) })}
      </span>
    );
  }
  return (
    <span data-testid="report-deadline" className={`inline-flex items-center gap-1 ${className}`}>
      <SvgIcon icon={Clock} size={14} className="shrink-0" />
      {t('reports.due', { when: formatTimeUntil(report.dueAt, now, i18n.language) })}
    </span>
  );
}
