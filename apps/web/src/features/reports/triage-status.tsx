import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_STATUSES_WITH_NOTE,
  REPORT_TRANSITIONS,
} from '@smart-city/shared';
import type { ReportStatus } from '@smart-city/shared';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { TextAreaField } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { StatusIcon } from '../../components/status-icon';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { failureOf, TriageSection } from './triage-section';
import { useChangeReportStatus } from './triage-status-mutation';

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-sky-600 has-[:checked]:bg-sky-50 has-[:checked]:text-sky-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:has-[:checked]:border-sky-400 dark:has-[:checked]:bg-sky-950 dark:has-[:checked]:text-sky-100';

/**
 * Moves a report on to a status its current one allows (`REPORT_TRANSITIONS`). Closing needs what
 * was done and rejecting needs why, as the server requires; another status may carry a note.
 * A refusal because the report moved on meanwhile (409) says so, and the panel shows it afresh.
 */
export function TriageStatus({ report }: { report: { id: string; status: ReportStatus } }) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const name = useId();
  const change = useChangeReportStatus();
  const [chosen, setNext] = useState<ReportStatus | null>(null);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const choices = REPORT_TRANSITIONS[report.status];
  // A choice the report moved past meanwhile is no choice any more.
  const next = chosen !== null && choices.includes(chosen) ? chosen : null;
  const needsNote = next !== null && REPORT_STATUSES_WITH_NOTE.includes(next);
  const noteLabel =
    next === 'closed'
      ? t('reports.triage.change.resolution')
      : next === 'rejected'
        ? t('reports.triage.change.reason')
        : t('reports.triage.change.note');

  const failure = change.isError ? (
    <InlineAlert tone="error" testId="triage-status-error">
      {failureOf(change.error, {
        conflict: t('reports.triage.change.conflict'),
        failed: t('reports.triage.change.failed'),
      })}
    </InlineAlert>
  ) : null;

  // An ended report moves no more; a refusal because it ended meanwhile stays in view.
  if (choices.length === 0) {
    return failure ? (
      <TriageSection title={t('reports.triage.change.title')} testId="triage-status">
        {failure}
      </TriageSection>
    ) : null;
  }

  return (
    <TriageSection title={t('reports.triage.change.title')} testId="triage-status">
      <form
        className="space-y-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (next === null) return;
          const written = note.trim();
          if (needsNote && written === '') {
            setNoteMissing(true);
            noteRef.current?.focus();
            return;
          }
          change.mutate(
            { id: report.id, status: next, note: written === '' ? undefined : written },
            {
              onSuccess: (answer) => {
                toast.success(
                  t('reports.triage.change.done', {
                    id: answer.id,
                    status: t(`reports.statuses.${answer.status}`),
                  }),
                );
                setNext(null);
                setNote('');
              },
            },
          );
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('reports.triage.change.next')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {choices.map((status) => (
              <label key={status} className={choiceClass}>
                <input
                  type="radio"
                  name={name}
                  value={status}
                  checked={next === status}
                  onChange={() => {
                    setNext(status);
                    setNoteMissing(false);
                  }}
                  className="size-4 accent-sky-700"
                />
                {t(`reports.statuses.${status}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {next !== null ? (
          <TextAreaField
            ref={noteRef}
            label={noteLabel}
            hint={t('reports.triage.change.noteHelp')}
            value={note}
            rows={3}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            required={needsNote}
            data-testid="triage-status-note"
            error={
              noteMissing && needsNote
                ? next === 'closed'
                  ? t('reports.triage.change.resolutionRequired')
                  : t('reports.triage.change.reasonRequired')
                : undefined
            }
            onChange={(event) => {
              setNote(event.target.value);
              if (event.target.value.trim() !== '') setNoteMissing(false);
            }}
          />
        ) : null}
        {failure}
        <button
          type="submit"
          data-testid="triage-status-submit"
          className={primaryButton}
          disabled={next === null || change.isPending}
        >
          {change.isPending ? <StatusIcon status="loading" /> : null}
          {change.isPending
            ? t('reports.triage.change.submitting')
            : t('reports.triage.change.submit')}
        </button>
      </form>
    </TriageSection>
  );
}
