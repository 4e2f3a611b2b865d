import type { NearbyReport } from '@smart-city/shared';
import { useId } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { formatDistance } from './report-distance';
import { ReportStatusBadge } from './report-status-badge';

/**
 * Open reports of the same problem close to the chosen place, before a person sends their own:
 * each with its distance, and "Add your voice" to follow it instead; "Report anyway" puts them
 * away for this place.
 */
export function NearbyReports({
  reports,
  addingTo,
  addFailed,
  onAddVoice,
  onReportAnyway,
  headingRef,
}: {
  reports: readonly NearbyReport[];
  /** The report a voice is being added to. */
  addingTo: string | null;
  addFailed: boolean;
  onAddVoice: (id: string) => void;
  onReportAnyway: () => void;
  /** The heading, which takes focus when the person tries to send before choosing. */
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const headingId = useId();
  const itemId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="nearby-reports"
      className="space-y-3 rounded-xl border-2 border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-amber-950 outline-none dark:text-amber-50"
      >
        {t('newReport.nearby.title')}
      </h2>
      <p className="text-sm text-amber-950 dark:text-amber-100">{t('newReport.nearby.intro')}</p>
      <ul className="space-y-3">
        {reports.map((report) => {
          const distanceId = `${itemId}-${report.id}`;
          return (
            <li
              key={report.id}
              data-testid="nearby-report"
              className="space-y-2 rounded-lg bg-white p-3 shadow-sm dark:bg-slate-900"
            >
              <p id={distanceId} className="font-semibold text-slate-900 dark:text-white">
                {t('newReport.nearby.distance', {
                  distance: formatDistance(report.distanceM, i18n.language),
                })}
              </p>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                <ReportStatusBadge status={report.status} />
                <span>{t('reports.number', { id: report.id })}</span>
                <span>
                  {t('reports.detail.reported')} <TimeAgo iso={report.createdAt} />
                </span>
                <span>{t('reports.detail.followers', { count: report.followers })}</span>
              </p>
              <p className="line-clamp-2 text-sm break-words text-slate-800 dark:text-slate-200">
                <PersonsWords>{report.description}</PersonsWords>
              </p>
              <button
                type="button"
                aria-describedby={distanceId}
                className={primaryButton}
                disabled={addingTo !== null}
                onClick={() => onAddVoice(report.id)}
              >
                {addingTo === report.id
                  ? t('newReport.nearby.addingVoice')
                  : t('newReport.nearby.addVoice')}
              </button>
            </li>
          );
        })}
      </ul>
      {addFailed ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {t('newReport.nearby.addVoiceFailed')}
        </p>
      ) : null}
      <button type="button" className={secondaryButton} onClick={onReportAnyway}>
        {t('newReport.nearby.reportAnyway')}
      </button>
    </section>
  );
}
