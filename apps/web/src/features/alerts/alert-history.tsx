import type { AlertHistoryDetails, AlertHistoryEntry, CityKey } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { useCityZone } from '../../lib/city/city-context';
import { useCityDates } from '../../lib/format/use-city-dates';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { PersonsWords } from '../../components/persons-words';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { actorName } from './actor-name';
import { StatusBadge } from '../../components/alert-badges';
import { useAlertHistory } from './alert-history-query';
import { TimeAgo } from '../../components/time-ago';
import { alertWords } from '../../lib/alerts/alert-words';

/** The alert a history belongs to: its city's zone names the times in the system's notes. */
type HistoryOf = { city: CityKey };

/**
 * A note in the reader's language: the system's (the message it raised or escalated the alert
 * with, made from the facts the entry keeps, or why it ended it); a person's note, and a system's
 * note kept without facts, as they were written.
 */
function useNoteWords(entry: AlertHistoryEntry, alert: HistoryOf | undefined): string | null {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  const note = entry.note;
  if (!note || entry.actor !== 'system') return note;
  const ending = `alerts.systemNotes.${note}`;
  if (i18n.exists(ending)) return t(ending as 'alerts.systemNotes.Readings resumed');
  if (entry.details?.kind !== 'facts') return note;
  const zone = alert ? zoneOf(alert.city) : undefined;
  return alertWords(
    { title: '', message: note, facts: entry.details.facts },
    i18n.t,
    i18n.language,
    zone,
  ).message;
}

/** "by System Operator", with the e-mail address as a tooltip. */
function ActorLine({ actor }: { actor: string }) {
  const { t } = useTranslation();
  const who = actorName(actor);
  return (
    <span
      data-testid="alert-history-actor"
      title={who.email ?? undefined}
      className="text-slate-700 dark:text-slate-200"
    >
      {t('alerts.history.by', { name: who.system ? t('alerts.system') : who.name })}
    </span>
  );
}

/** What an escalation step, an assignment or a shelve did, in words. */
function DetailsLine({ details }: { details: AlertHistoryDetails }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const dates = useCityDates();
  let text: string;
  if (details.kind === 'shelve') {
    text = t('timeline.shelve', {
      duration: t(`shelve.durations.${details.minutes}`, {
        defaultValue: t('timeline.minutes', { count: details.minutes }),
      }),
      time: dates.dateTime(details.until),
    });
  } else if (details.kind === 'facts') {
    // What the rule found: the note says it in words.
    return null;
  } else if (details.kind === 'unshelve') {
    text = t(`timeline.unshelve.${details.cause}`);
  } else if (details.kind === 'assignment') {
    if (!details.assignee) {
      text = t('timeline.assignment.released', { previous: details.previous?.name ?? '' });
    } else if (details.previous) {
      text = t('timeline.assignment.moved', {
        name: details.assignee.name,
        previous: details.previous.name,
      });
    } else {
      text = t('timeline.assignment.taken', { name: details.assignee.name });
    }
  } else if (details.action === 'raise') {
    // The entry's severity is the one the step raised the alert to; the caller shows the badge.
    return null;
  } else {
    const audience = details.audience ?? 'operators';
    text =
      details.action === 'remind'
        ? t(`timeline.step.remind_${audience}`, {
            number: details.occurrence + 1,
            count: details.recipients,
          })
        : t(`timeline.step.notify_${audience}`, { count: details.recipients });
  }
  return (
    <p
      data-testid="alert-history-details"
      className="mt-1 text-sm text-slate-700 dark:text-slate-300"
    >
      {text}
    </p>
  );
}

function HistoryEntry({ entry, alert }: { entry: AlertHistoryEntry; alert?: HistoryOf }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const note = useNoteWords(entry, alert);
  const raisedByPolicy = entry.details?.kind === 'step' && entry.details.action === 'raise';
  return (
    <li
      data-testid="alert-history-entry"
      data-action={entry.action}
      className="relative pb-3 pl-5 last:pb-0"
    >
      <span
        aria-hidden="true"
        className="absolute top-1.5 left-0 size-2 rounded-full bg-slate-400 dark:bg-slate-500"
      />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">
          {t(`signedIn:alerts.history.actions.${entry.action}`)}
        </span>
        <StatusBadge status={entry.toStatus} />
        <ActorLine actor={entry.actor} />
        <TimeAgo iso={entry.at} className="text-xs text-slate-500 dark:text-slate-400" />
      </div>
      {raisedByPolicy ? (
        <p
          data-testid="alert-history-details"
          className="mt-1 text-sm text-slate-700 dark:text-slate-300"
        >
          {t('timeline.step.raise', { severity: t(`signedIn:severity.${entry.severity}`) })}
        </p>
      ) : entry.details ? (
        <DetailsLine details={entry.details} />
      ) : null}
      {note ? (
        <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
          {entry.actor === 'system' ? note : <PersonsWords>{note}</PersonsWords>}
        </p>
      ) : null}
    </li>
  );
}

/** Every change of one alert, oldest first: what happened, who did it, when, and their note. */
export function AlertHistory({
  alertId,
  id,
  alert,
}: {
  alertId: string;
  id: string;
  alert?: HistoryOf;
}) {
  const { t } = useTranslation();
  const history = useAlertHistory(alertId);
  return (
    <section
      id={id}
      aria-label={t('alerts.history.title')}
      data-testid="alert-history"
      className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950/40"
    >
      {history.isPending ? (
        <Spinner size={18} />
      ) : history.isError ? (
        <QueryError
          message={t('alerts.history.failed')}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('alerts.history.empty')}</p>
      ) : (
        <ol>
          {history.data.map((entry, index) => (
            <HistoryEntry
              key={`${entry.at}-${entry.action}-${index}`}
              entry={entry}
              alert={alert}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
