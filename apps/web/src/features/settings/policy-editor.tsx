import {
  ALERT_SEVERITIES,
  ESCALATION_ACTIONS,
  ESCALATION_AUDIENCES,
  MAX_ESCALATION_STEPS,
  SENSOR_TYPES,
} from '@smart-city/shared';
import type { AlertSeverity, SensorType } from '@smart-city/shared';
import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, primaryButton, secondaryButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon, StatusIcon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { newStep, TIME_UNITS } from './escalation-draft';
import type { PolicyDraft, StepDraft, TimeDraft, TimeUnit } from './escalation-draft';

const controlClass = `${inputClass} border-slate-300 dark:border-slate-600`;

/** A labelled select. */
function SelectField({
  label,
  value,
  onChange,
  children,
  testId,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  testId?: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A number of seconds, minutes or hours: a whole number and its unit. */
function TimeField({
  label,
  time,
  onChange,
  error,
  testId,
}: {
  label: string;
  time: TimeDraft;
  onChange: (time: TimeDraft) => void;
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className={labelClass}>{label}</legend>
      <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-label={label}
          data-testid={`${testId}-value`}
          value={time.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...time, value: event.target.value })}
          className={controlClass}
        />
        <select
          aria-label={`${label}: ${t(`escalation.units.${time.unit}`)}`}
          data-testid={`${testId}-unit`}
          value={time.unit}
          onChange={(event) => onChange({ ...time, unit: event.target.value as TimeUnit })}
          className={controlClass}
        >
          {TIME_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`escalation.units.${unit}`)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One step: after how long, which action, and what the action needs. */
function StepFields({
  index,
  step,
  onChange,
  onRemove,
  issues,
}: {
  index: number;
  step: StepDraft;
  onChange: (step: StepDraft) => void;
  onRemove: (() => void) | null;
  issues: Map<string, string>;
}) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const issue = (field: string) => issues.get(`steps.${index}.${field}`);
  return (
    <li
      data-testid="policy-step"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('escalation.step', { number: index + 1 })}
        </p>
        {onRemove ? (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('escalation.removeStep', { number: index + 1 })}
            title={t('escalation.removeStep', { number: index + 1 })}
            className={`inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white ${focusRing}`}
          >
            <Icon name="trash" size={16} />
          </button>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TimeField
          label={t('escalation.after')}
          time={step.after}
          onChange={(after) => onChange({ ...step, after })}
          error={issue('afterSeconds')}
          testId={`policy-step-${index}-after`}
        />
        <SelectField
          label={t('escalation.action')}
          value={step.action}
          testId={`policy-step-${index}-action`}
          onChange={(action) => onChange({ ...step, action: action as StepDraft['action'] })}
        >
          {ESCALATION_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`escalation.actions.${action}`)}
            </option>
          ))}
        </SelectField>
        {step.action === 'raise' ? (
          <SelectField
            label={t('escalation.raiseTo')}
            value={step.severity}
            testId={`policy-step-${index}-severity`}
            error={issue('severity')}
            onChange={(severity) => onChange({ ...step, severity: severity as AlertSeverity })}
          >
            {ALERT_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`signedIn:severity.${severity}`)}
              </option>
            ))}
          </SelectField>
        ) : (
          <SelectField
            label={t('escalation.audience')}
            value={step.audience}
            testId={`policy-step-${index}-audience`}
            onChange={(audience) =>
              onChange({ ...step, audience: audience as StepDraft['audience'] })
            }
          >
            {ESCALATION_AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {t(`escalation.audiences.${audience}`)}
              </option>
            ))}
          </SelectField>
        )}
        {step.action === 'remind' ? (
          <TimeField
            label={t('escalation.every')}
            time={step.every}
            onChange={(every) => onChange({ ...step, every })}
            error={issue('everySeconds')}
            testId={`policy-step-${index}-every`}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The form of one policy: its severity and sensor type, and its steps in order. What breaks the
 * contract's rules is said beside the field; the server's own refusal (a scope already covered)
 * above the buttons.
 */
export function PolicyEditor({
  id,
  draft,
  editing,
  issues,
  onChange,
  onSave,
  onCancel,
  saving,
  error,
}: {
  /** The form's id, for the page to bring it into view. */
  id: string;
  draft: PolicyDraft;
  /** Whether a saved policy is being changed (else a new one is made). */
  editing: boolean;
  issues: Map<string, string>;
  onChange: (draft: PolicyDraft) => void;
  onSave: () => void;
  onCancel: (() => void) | null;
  saving: boolean;
  error: string | null;
}) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const titleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (issues.size === 0 && !saving) onSave();
  }

  const setStep = (index: number, step: StepDraft) =>
    onChange({ ...draft, steps: draft.steps.with(index, step) });
  const stepsIssue = issues.get('steps');

  return (
    <form
      id={id}
      aria-labelledby={titleId}
      onSubmit={submit}
      data-testid="policy-editor"
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
        {editing ? t('escalation.editorEdit') : t('escalation.editorNew')}
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('escalation.severity')}
          value={draft.severity}
          testId="policy-severity"
          onChange={(severity) => onChange({ ...draft, severity: severity as AlertSeverity })}
        >
          {ALERT_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`signedIn:severity.${severity}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('escalation.sensorType')}
          value={draft.sensorType ?? ''}
          testId="policy-sensor-type"
          onChange={(type) =>
            onChange({ ...draft, sensorType: type === '' ? null : (type as SensorType) })
          }
        >
          <option value="">{t('escalation.allTypes')}</option>
          {SENSOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`translation:sensorTypes.${type}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-white">
        {t('escalation.steps')}
      </h3>
      <p className="mt-0.5 mb-3 text-xs text-slate-600 dark:text-slate-400">
        {t('escalation.stepsHelp')}
      </p>
      <ol className="space-y-3">
        {draft.steps.map((step, index) => (
          <StepFields
            key={index}
            index={index}
            step={step}
            issues={issues}
            onChange={(next) => setStep(index, next)}
            onRemove={
              draft.steps.length > 1
                ? () => onChange({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })
                : null
            }
          />
        ))}
      </ol>
      {stepsIssue ? (
        <p className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">{stepsIssue}</p>
      ) : null}
      {draft.steps.length < MAX_ESCALATION_STEPS ? (
        <button
          type="button"
          data-testid="policy-add-step"
          className={`${secondaryButton} mt-3`}
          onClick={() =>
            onChange({
              ...draft,
              steps: [...draft.steps, newStep(draft.steps.at(-1)?.after)],
            })
          }
        >
          <Icon name="plus" size={16} />
          {t('escalation.addStep')}
        </button>
      ) : null}
      {error ? (
        <div className="mt-4">
          <InlineAlert tone="error" testId="policy-save-error">
            {error}
          </InlineAlert>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        <button
          type="submit"
          data-testid="policy-save"
          className={primaryButton}
          disabled={saving || issues.size > 0}
          aria-busy={saving || undefined}
        >
          {saving ? <StatusIcon status="loading" /> : null}
          {saving ? t('escalation.saving') : t('escalation.save')}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel} disabled={saving}>
            {t('escalation.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
