import { isOpenReport, isReportNumber, REPORT_DUPLICATE_RADIUS_M } from '@smart-city/shared';
import type { PublicReport } from '@smart-city/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { otherActionButton, primaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { PersonsWords } from '../../components/persons-words';
import { Spinner } from '../../components/spinner';
import { StatusIcon } from '../../components/status-icon';
import { TimeAgo } from '../../components/time-ago';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { useNearbyReports } from './nearby-reports-query';
import { formatDistance } from './report-distance';
import { ReportStatusBadge } from './report-status-badge';
import { failureOf, TriageSection } from './triage-section';
import { useMergeReport } from './triage-merge-mutation';

/**
 * Merges the report, as a duplicate, into the one it repeats: typed by its number, or chosen in
 * one click among the open reports of the same problem nearby. The report kept opens after.
 */
export function TriageMerge({
  report,
  onMerged,
}: {
  report: Pick<PublicReport, 'id' | 'city' | 'category' | 'status' | 'lat' | 'lng'>;
  onMerged: (into: string) => void;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const nearbyHeadingId = useId();
  const merge = useMergeReport();
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const open = isOpenReport(report);
  const nearby = useNearbyReports(
    open
      ? { city: report.city, category: report.category, lat: report.lat, lng: report.lng }
      : null,
  );
  const others = (nearby.data ?? []).filter((candidate) => candidate.id !== report.id);
  const radius = formatDistance(REPORT_DUPLICATE_RADIUS_M, i18n.language);

  const mergeInto = (into: string) =>
    merge.mutate(
      { id: report.id, into },
      {
        onSuccess: (kept) => {
          toast.success(t('reports.triage.merge.done', { id: report.id, into: kept.id }));
          onMerged(kept.id);
        },
      },
    );

  const failure =
    merge.isError && merge.variables ? (
      <InlineAlert tone="error" testId="triage-merge-error">
        {failureOf(merge.error, {
          conflict: t('reports.triage.merge.conflict'),
          failed: t('reports.triage.merge.failed'),
          notFound: t('reports.triage.merge.notFound', { into: merge.variables.into }),
        })}
      </InlineAlert>
    ) : null;

  // An ended report merges no more; a refusal because it ended meanwhile stays in view.
  if (!open) {
    return failure ? (
      <TriageSection title={t('reports.triage.merge.title')} testId="triage-merge">
        {failure}
      </TriageSection>
    ) : null;
  }

  return (
    <TriageSection
      title={t('reports.triage.merge.title')}
      intro={t('reports.triage.merge.intro')}
      testId="triage-merge"
    >
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          const into = number.trim().replace(/^#/, '');
          if (!isReportNumber(into)) setNumberError(t('reports.triage.merge.invalid'));
          else if (into === report.id) setNumberError(t('reports.triage.merge.self'));
          else {
            setNumberError(null);
            mergeInto(into);
          }
        }}
      >
        <TextField
          label={t('reports.triage.merge.number')}
          value={number}
          inputMode="numeric"
          autoComplete="off"
          data-testid="triage-merge-number"
          error={numberError ?? undefined}
          onChange={(event) => setNumber(event.target.value)}
          className="min-w-0 flex-1"
        />
        <button
          type="submit"
          data-testid="triage-merge-submit"
          className={`${primaryButton} sm:mt-6`}
          disabled={merge.isPending}
        >
          {merge.isPending ? <StatusIcon status="loading" /> : null}
          {merge.isPending
            ? t('reports.triage.merge.submitting')
            : t('reports.triage.merge.submit')}
        </button>
      </form>
      {failure}
      <div aria-labelledby={nearbyHeadingId} role="group" className="space-y-2">
        <h3
          id={nearbyHeadingId}
          className="text-sm font-semibold text-slate-800 dark:text-slate-100"
        >
          {t('reports.triage.merge.nearby')}
        </h3>
        {nearby.isPending ? (
          <Spinner size={18} />
        ) : nearby.isError ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('reports.triage.merge.nearbyFailed')}
          </p>
        ) : others.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('reports.triage.merge.nearbyNone', { radius })}
          </p>
        ) : (
          <ul className="space-y-2" data-testid="triage-merge-nearby">
            {others.map((other) => (
              <li
                key={other.id}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-semibold text-slate-900 dark:text-white">
                      {t('reports.number', { id: other.id })}
                    </span>
                    <ReportStatusBadge status={other.status} />
                    <span className="text-slate-600 dark:text-slate-400">
                      {t('reports.triage.context.away', {
                        distance: formatDistance(other.distanceM, i18n.language),
                      })}
                    </span>
                  </p>
                  <p className="line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300">
                    <PersonsWords>{other.description}</PersonsWords>
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('reports.detail.reported')} <TimeAgo iso={other.createdAt} /> ·{' '}
                    {t('reports.triage.row.followers', { count: other.followers })}
                  </p>
                </div>
                <button
                  type="button"
                  className={`${otherActionButton} shrink-0`}
                  disabled={merge.isPending}
                  onClick={() => mergeInto(other.id)}
                >
                  {t('reports.triage.merge.into', { id: other.id })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </TriageSection>
  );
}
