import { isOpenReport, REPORT_DEPARTMENTS } from '@smart-city/shared';
import type { ReportDepartment, StaffReport } from '@smart-city/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { InlineAlert } from '../../components/inline-alert';
import { StatusIcon } from '../../components/status-icon';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { useStaff } from '../../lib/staff/staff-query';
import { useAssignReport } from './triage-assign-mutation';
import { failureOf, TriageSection } from './triage-section';

const selectClass = `${inputClass} border-slate-300 dark:border-slate-600`;

/**
 * Gives a report to a department (any of them) and, if the operator wants, to one person among
 * the operators and admins. Without the staff list the department can still be given.
 */
export function TriageAssign({
  report,
}: {
  /** The report; its assignee is known when the queue lists it (the public page names nobody). */
  report: Pick<StaffReport, 'id' | 'department' | 'status'> & {
    assignee?: StaffReport['assignee'];
  };
}) {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const departmentId = useId();
  const personId = useId();
  const staff = useStaff(true);
  const assign = useAssignReport();
  const current = { department: report.department, person: report.assignee?.id ?? '' };
  // What the operator changed; until then (and after an assignment) the report's own.
  const [edited, setEdited] = useState<{ department: ReportDepartment; person: string } | null>(
    null,
  );
  const { department, person } = edited ?? current;
  const unchanged =
    report.assignee !== undefined && department === current.department && person === current.person;
  const failure = assign.isError ? (
    <InlineAlert tone="error" testId="triage-assign-error">
      {failureOf(assign.error, {
        conflict: t('reports.triage.assign.conflict'),
        failed: t('reports.triage.assign.failed'),
      })}
    </InlineAlert>
  ) : null;

  // An ended report is assigned no more; a refusal because it ended meanwhile stays in view.
  if (!isOpenReport(report)) {
    return failure ? (
      <TriageSection title={t('reports.triage.assign.title')} testId="triage-assign">
        {failure}
      </TriageSection>
    ) : null;
  }

  return (
    <TriageSection title={t('reports.triage.assign.title')} testId="triage-assign">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate(
            { id: report.id, department, assigneeId: person === '' ? null : person },
            {
              onSuccess: (answer) => {
                setEdited(null);
                const words = {
                  id: answer.id,
                  department: t(`reports.departments.${answer.department}`),
                };
                toast.success(
                  answer.assignee
                    ? t('reports.triage.assign.doneTo', { ...words, name: answer.assignee.name })
                    : t('reports.triage.assign.done', words),
                );
              },
            },
          );
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={departmentId} className={labelClass}>
              {t('reports.triage.assign.department')}
            </label>
            <select
              id={departmentId}
              data-testid="triage-assign-department"
              value={department}
              onChange={(event) =>
                setEdited({
                  department:
                    REPORT_DEPARTMENTS.find((choice) => choice === event.target.value) ??
                    department,
                  person,
                })
              }
              className={selectClass}
            >
              {REPORT_DEPARTMENTS.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`reports.departments.${choice}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={personId} className={labelClass}>
              {t('reports.triage.assign.person')}
            </label>
            <select
              id={personId}
              data-testid="triage-assign-person"
              value={person}
              disabled={!staff.data}
              onChange={(event) => setEdited({ department, person: event.target.value })}
              className={selectClass}
            >
              <option value="">{t('reports.triage.assign.anyone')}</option>
              {/* Someone no longer in the staff list stays named until another is chosen. */}
              {report.assignee && !staff.data?.some((one) => one.id === report.assignee?.id) ? (
                <option value={report.assignee.id}>{report.assignee.name}</option>
              ) : null}
              {(staff.data ?? []).map((one) => (
                <option key={one.id} value={one.id}>
                  {one.name} ({t(`translation:user.roles.${one.role}`)})
                </option>
              ))}
            </select>
          </div>
        </div>
        {staff.isError ? (
          <InlineAlert tone="warning" testId="triage-staff-failed">
            {t('reports.triage.assign.staffFailed')}
          </InlineAlert>
        ) : null}
        {failure}
        <button
          type="submit"
          data-testid="triage-assign-submit"
          className={primaryButton}
          disabled={assign.isPending || unchanged}
        >
          {assign.isPending ? <StatusIcon status="loading" /> : null}
          {assign.isPending
            ? t('reports.triage.assign.submitting')
            : t('reports.triage.assign.submit')}
        </button>
      </form>
    </TriageSection>
  );
}
