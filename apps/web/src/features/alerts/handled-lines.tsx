import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeAgo } from '../../components/time-ago';
import { actorName } from './actor-name';

/** One step someone took on an alert or a flood group: the words for it, who and when (if taken). */
export type HandledStep = {
  text:
    | 'alerts.acknowledgedBy'
    | 'alerts.resolvedBy'
    | 'alerts.dismissedBy'
    | 'alertGroups.acknowledgedBy'
    | 'alertGroups.resolvedBy';
  by: string | null;
  at: string | null;
};

/**
 * Who acknowledged, resolved or dismissed an alert or a flood group, and when, as lines under its
 * message; `children` adds lines of its own (a group's note). Nothing when no step was taken.
 */
export function HandledLines({ steps, children }: { steps: HandledStep[]; children?: ReactNode }) {
  const { t } = useTranslation();
  const taken = steps.filter((step) => step.by !== null && step.at !== null);
  if (taken.length === 0 && !children) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-xs text-slate-600 dark:text-slate-300">
      {taken.map((step) => {
        const who = actorName(step.by!);
        return (
          <li key={step.text}>
            {t(step.text, { name: who.system ? t('alerts.system') : who.name })} ·{' '}
            <TimeAgo iso={step.at!} />
          </li>
        );
      })}
      {children}
    </ul>
  );
}
