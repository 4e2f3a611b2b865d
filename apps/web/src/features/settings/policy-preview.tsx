import type { City, EscalationPolicyCreate, EscalationPreviewStep } from '@smart-city/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { TimeAgo } from '../../components/time-ago';
import { alertTitleWords } from '../../lib/alerts/alert-words';
import { formatClock } from '../../lib/format/date-time';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { SeverityBadge, StatusBadge } from '../../components/alert-badges';
import { usePolicyPreview } from './escalation-query';

/** Typing settles for this long before a draft is previewed. */
const PREVIEW_DEBOUNCE_MS = 400;

/** The draft once it has stopped changing for a moment. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const STATE_TONES: Record<EscalationPreviewStep['state'], string> = {
  fired: 'bg-red-100 text-red-900 dark:bg-red-950/70 dark:text-red-100',
  upcoming: 'bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
  stopped: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  overridden: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

/** What one step did or will do to one alert, with its time in the city's zone. */
function StepState({ step, city }: { step: EscalationPreviewStep; city: City | null }) {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const time = formatClock(new Date(step.at), city?.timeZone, i18n.language);
  let text: string;
  if (step.state === 'fired' && step.action === 'remind' && step.occurrences > 1) {
    text = t('escalation.preview.states.firedTimes', { count: step.occurrences, time });
  } else {
    text = t(`escalation.preview.states.${step.state}`, { time });
  }
  return (
    <li
      data-testid="preview-step"
      data-state={step.state}
      className={`rounded-md px-2 py-1 text-xs font-medium ${STATE_TONES[step.state]}`}
    >
      <span className="font-semibold">{t('escalation.step', { number: step.position + 1 })}:</span>{' '}
      {text}
    </li>
  );
}

/**
 * What the draft would do to the city's alerts of today, step by step, worked out by the server
 * from each alert's times: which steps fired, which are coming, which an acknowledgement stopped.
 */
export function PolicyPreview({
  draft,
  city,
}: {
  /** Null while the draft breaks a rule. */
  draft: EscalationPolicyCreate | null;
  city: City | null;
}) {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const settled = useSettled(draft);
  const preview = usePolicyPreview(settled);
  const severity = draft ? t(`signedIn:severity.${draft.severity}`) : '';
  const cityName = city?.name ?? '';

  let content;
  if (!draft) {
    content = (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('escalation.preview.invalid')}
      </p>
    );
  } else if (preview.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner size={16} />
        {t('escalation.preview.loading')}
      </p>
    );
  } else if (preview.isError) {
    content = (
      <QueryError
        message={t('escalation.preview.failed')}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
        testId="preview-failed"
      />
    );
  } else if (preview.data.items.length === 0) {
    content = (
      <p data-testid="preview-empty" className="text-sm text-slate-600 dark:text-slate-400">
        {t('escalation.preview.none', { severity, city: cityName })}
      </p>
    );
  } else {
    content = (
      <>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('escalation.preview.total', { count: preview.data.total })}
          {preview.data.total > preview.data.items.length
            ? ` ${t('escalation.preview.shown', { shown: preview.data.items.length })}`
            : null}
        </p>
        <ul
          className={`mt-3 space-y-3 transition-opacity ${preview.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="preview-alerts"
        >
          {preview.data.items.map(({ alert, steps }) => (
            <li
              key={alert.id}
              data-testid="preview-alert"
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="flex flex-wrap items-center gap-2">
                <SeverityBadge severity={alert.severity} />
                <StatusBadge status={alert.status} />
                <TimeAgo
                  iso={alert.createdAt}
                  className="ml-auto text-xs text-slate-500 dark:text-slate-400"
                />
              </div>
              <p className="mt-1 text-sm font-medium break-words text-slate-900 dark:text-white">
                {alertTitleWords(alert, i18n.t)}
              </p>
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {steps.map((step) => (
                  <StepState key={step.position} step={step} city={city} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section
      aria-labelledby="policy-preview-title"
      aria-busy={preview.isFetching || undefined}
      data-testid="policy-preview"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="policy-preview-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Icon name="eye" size={18} />
        {t('escalation.preview.title')}
      </h2>
      {draft ? (
        <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
          {t('escalation.preview.intro', { severity, city: cityName })}
        </p>
      ) : (
        <div className="mt-3" />
      )}
      {content}
    </section>
  );
}
