import type { ReportEvent } from '@smart-city/shared';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

const KNOWN_ACTORS = ['citizen', 'operator', 'admin', 'app', 'system'] as const;

/** Who did it, as the role the contract gives: never a name. */
type ReportsT = TFunction<typeof REPORTS_NAMESPACES>;

function byWhom(actor: string, t: ReportsT): string {
  const known = KNOWN_ACTORS.find((candidate) => candidate === actor);
  return t(`reports.detail.by.${known ?? 'other'}`);
}

function whatHappened(event: ReportEvent, t: ReportsT): string {
  switch (event.kind) {
    case 'created':
      return t('reports.detail.events.created');
    case 'status':
      return t('reports.detail.events.status', { status: t(`reports.statuses.${event.status}`) });
    case 'assigned':
      return event.department
        ? t('reports.detail.events.assigned', {
            department: t(`reports.departments.${event.department}`),
          })
        : t('reports.detail.events.assignedStaff');
    case 'merged':
      return t('reports.detail.events.merged');
    case 'duplicate':
      return t('reports.detail.events.duplicate');
    case 'escalated':
      return t('reports.detail.events.escalated');
  }
}

/** A report's life, oldest step first: what happened, by which role, when, and any note. */
export function ReportTimeline({ history }: { history: readonly ReportEvent[] }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {t('reports.detail.timeline')}
      </h2>
      <ol
        data-testid="report-timeline"
        className="space-y-4 border-l-2 border-slate-200 pl-4 dark:border-slate-700"
      >
        {history.map((event, index) => (
          <li key={`${event.at}-${index}`} data-testid="report-event" className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-sky-600 ring-4 ring-white dark:bg-sky-400 dark:ring-slate-900"
            />
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              {whatHappened(event, t)}
            </p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {byWhom(event.actor, t)} · <TimeAgo iso={event.at} />
            </p>
            {event.note ? (
              <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                <PersonsWords>{event.note}</PersonsWords>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
