import type { Alert } from '@smart-city/shared';
import { useId, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useCityZone } from '../../lib/city/city-context';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { AlertActions } from './alert-actions';
import { HandledLines } from './handled-lines';
import { AlertShelving } from './alert-shelving';
import { isEndedAlert } from '@smart-city/shared';
import { alertEdge, ENDED_TONE } from '../../components/alert-badges';
import { AlertAdvice, AlertBadges } from './alert-advice';
import { ChatteringBadge } from './chattering-badge';
import { AlertHistory } from './alert-history';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { useAuth } from '../../lib/auth/auth-context';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { alertDetailPath, alertGroupPath } from '../../lib/paths';

/** Who has taken the alert, as a chip on its card. */
function AssigneeChip({ assignee }: { assignee: NonNullable<Alert['assignee']> }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { user } = useAuth();
  return (
    <span
      data-testid="alert-card-assignee"
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <Icon name="user-check" size={12} />
      {assignee.id === user?.id
        ? t('assignment.chipYou')
        : t('assignment.chip', { name: assignee.name })}
    </span>
  );
}

/** The flood group the alert joined, as a small link to the group's page. */
function InIncidentLink({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={alertGroupPath(groupId)}
      data-testid="alert-in-incident"
      className={`inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset hover:underline dark:bg-sky-950/60 dark:text-sky-200 ${focusRing}`}
    >
      <Icon name="alerts" size={12} />
      {t('alertGroups.inIncident')}
    </Link>
  );
}

/** Who acknowledged, resolved or dismissed it, when, as a line under the message. */
export function HandledLine({ alert }: { alert: Alert }) {
  return (
    <HandledLines
      steps={[
        { text: 'alerts.acknowledgedBy', by: alert.acknowledgedBy, at: alert.acknowledgedAt },
        {
          text: alert.status === 'dismissed' ? 'alerts.dismissedBy' : 'alerts.resolvedBy',
          by: alert.resolvedBy,
          at: alert.resolvedAt,
        },
      ]}
    />
  );
}

/**
 * One alert: severity as colour, icon and word; its status; when it was raised; the sensor and
 * place; who handled it; the operator's actions; and its history on demand.
 */
export function AlertCard({
  alert,
  canAct,
  focused = false,
  cardRef,
}: {
  alert: Alert;
  /** Operators and admins act on alerts; everyone else only reads them. */
  canAct: boolean;
  /** The alert a link pointed at: highlighted, with its history open. */
  focused?: boolean;
  cardRef?: Ref<HTMLElement>;
}) {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  const words = alertWords(alert, t, i18n.language);
  // Whoever does not handle alerts reads them as a resident: plain words, no workflow, no ids.
  const residentView = !canAct;
  const ended = isEndedAlert(alert);
  const titleId = useId();
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(focused);
  // A link to this alert arriving while the card is on screen opens its history too.
  const [wasFocused, setWasFocused] = useState(focused);
  if (focused !== wasFocused) {
    setWasFocused(focused);
    if (focused) setHistoryOpen(true);
  }

  return (
    <article
      ref={cardRef}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="alert-card"
      data-alert-id={alert.id}
      data-severity={alert.severity}
      data-status={alert.status}
      data-ended={ended || undefined}
      data-focused={focused || undefined}
      className={`scroll-mt-24 rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm outline-none sm:p-5 dark:border-slate-800 ${ended ? ENDED_TONE.card : 'bg-white dark:bg-slate-900'} ${alertEdge(alert)} ${
        focused
          ? 'ring-2 ring-sky-500 ring-offset-2 ring-offset-slate-50 dark:ring-offset-slate-950'
          : ''
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <AlertBadges alert={alert} residentView={residentView} />
        {residentView ? null : <ChatteringBadge alert={alert} />}
        {alert.groupId ? <InIncidentLink groupId={alert.groupId} /> : null}
        {alert.assignee && !residentView ? <AssigneeChip assignee={alert.assignee} /> : null}
        <TimeAgo
          iso={alert.createdAt}
          className="ml-auto text-xs font-medium text-slate-600 dark:text-slate-300"
        />
      </div>
      <h2
        id={titleId}
        className={`mt-2 text-base font-semibold break-words ${ended ? ENDED_TONE.title : 'text-slate-900 dark:text-white'}`}
      >
        <Link
          to={alertDetailPath(alert.id)}
          data-testid="alert-open"
          className={`rounded-sm hover:underline ${focusRing}`}
        >
          {words.title}
        </Link>
      </h2>
      <p
        data-testid="alert-message"
        className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300"
      >
        {alertMessageWords(alert, t, i18n.language, zoneOf(alert.city))}
      </p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {alert.sensorId && !residentView ? (
          <div className="flex min-w-0 items-center gap-1">
            <dt className="font-medium">{t('alerts.sensor')}:</dt>
            <dd data-testid="alert-sensor" className="font-mono break-all">
              {alert.sensorId}
            </dd>
          </div>
        ) : null}
        {alert.location ? (
          <div className="flex items-center gap-1">
            <dt className="font-medium">{t('alerts.place')}:</dt>
            <dd data-testid="alert-place">{alert.location}</dd>
          </div>
        ) : null}
      </dl>
      {residentView ? <AlertAdvice alert={alert} /> : <HandledLine alert={alert} />}
      {alert.suppressed && !residentView ? (
        <p
          data-testid="alert-suppressed"
          className="mt-2 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
        >
          <Icon name="wrench" size={14} />
          {t('alerts.suppressedNote')}
        </p>
      ) : null}
      {alert.note && !residentView ? (
        <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">
          <span className="font-medium">{t('alerts.note')}:</span>{' '}
          <PersonsWords testId="alert-note-text">{alert.note}</PersonsWords>
        </p>
      ) : null}
      {canAct ? <AlertActions alert={alert} /> : null}
      {canAct ? <AlertShelving alert={alert} /> : null}
      {residentView ? null : (
        <div className="mt-3">
          <button
            type="button"
            data-testid="alert-history-toggle"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            onClick={() => setHistoryOpen((open) => !open)}
            className={`inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
          >
            <Icon
              name="chevron-down"
              size={16}
              className={`transition-transform motion-reduce:transition-none ${historyOpen ? 'rotate-180' : ''}`}
            />
            {t('alerts.history.show')}
          </button>
          {historyOpen ? <AlertHistory alertId={alert.id} id={historyId} alert={alert} /> : null}
        </div>
      )}
    </article>
  );
}
