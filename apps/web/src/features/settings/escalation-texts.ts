import type { EscalationStep } from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { timeDraftOf } from './escalation-draft';

type WorkflowT = TFunction<readonly ['workflow', 'translation', 'signedIn']>;

/** A number of seconds in the largest whole unit, in words: '15 minutes'. */
function durationText(t: WorkflowT, seconds: number): string {
  const { value, unit } = timeDraftOf(seconds);
  return t(`escalation.duration.${unit}`, { count: Number(value) });
}

/** One saved step in words: 'After 5 minutes: notify the operators'. */
export function stepSummary(t: WorkflowT, step: EscalationStep): string {
  const after = durationText(t, step.afterSeconds);
  const audience = t(`escalation.audienceShort.${step.audience ?? 'operators'}`);
  if (step.action === 'raise') {
    return t('escalation.summary.raise', {
      after,
      severity: t(`signedIn:severity.${step.severity ?? 'critical'}`),
    });
  }
  if (step.action === 'remind') {
    return t('escalation.summary.remind', {
      after,
      audience,
      every: durationText(t, step.everySeconds ?? 0),
    });
  }
  return t('escalation.summary.notify', { after, audience });
}
