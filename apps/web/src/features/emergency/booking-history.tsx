import type { BookingHistoryEntry } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { BookingStatusPill } from './booking-status-pill';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

function HistoryEntry({ entry }: { entry: BookingHistoryEntry }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const who = entry.actor.role
    ? t('emergency.history.byRole', {
        name: entry.actor.name,
        role: t(`translation:user.roles.${entry.actor.role}`),
      })
    : t('emergency.history.by', { name: entry.actor.name });
  return (
    <li data-testid="booking-history-entry" className="relative pb-3 pl-5 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2 rounded-full bg-slate-400 dark:bg-slate-500"
      />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">
          {t(`emergency.history.actions.${entry.action}`)}
        </span>
        <BookingStatusPill status={entry.toStatus} />
        <span className="text-slate-700 dark:text-slate-200">{who}</span>
        <TimeAgo iso={entry.at} className="text-xs text-slate-600 dark:text-slate-400" />
      </div>
      {entry.unit || entry.etaMinutes !== null ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {[
            entry.unit ? t('emergency.booking.unitNamed', { unit: entry.unit }) : null,
            entry.etaMinutes !== null
              ? t('emergency.booking.eta', { count: entry.etaMinutes })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {entry.note ? (
        <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
          {entry.actor.role ? <PersonsWords>{entry.note}</PersonsWords> : entry.note}
        </p>
      ) : null}
    </li>
  );
}

/** Every change of one booking, oldest first: what happened, who did it, when, and their note. */
export function BookingHistory({ history, id }: { history: BookingHistoryEntry[]; id?: string }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  return (
    <section
      id={id}
      aria-label={t('emergency.history.title')}
      data-testid="booking-history"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
    >
      <ol>
        {history.map((entry, index) => (
          <HistoryEntry key={`${entry.at}-${entry.action}-${index}`} entry={entry} />
        ))}
      </ol>
    </section>
  );
}
