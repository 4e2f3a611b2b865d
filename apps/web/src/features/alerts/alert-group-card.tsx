import type { AlertGroup } from '@smart-city/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ENDED_TONE,
  SEVERITY_TONES,
  SeverityBadge,
  StatusBadge,
} from '../../components/alert-badges';
import { focusRing } from '../../components/button-styles';
import { PersonsWords } from '../../components/persons-words';
import { TimeAgo } from '../../components/time-ago';
import { alertGroupWords } from '../../lib/alert-groups/alert-group-words';
import { alertGroupPath } from '../../lib/paths';
import { AlertGroupActions } from './alert-group-actions';
import { HandledLines } from './handled-lines';

/** Who acknowledged or resolved the group, and the note they left, as lines under its figures. */
function AlertGroupHandled({ group }: { group: AlertGroup }) {
  const { t } = useTranslation();
  return (
    <HandledLines
      steps={[
        { text: 'alertGroups.acknowledgedBy', by: group.acknowledgedBy, at: group.acknowledgedAt },
        { text: 'alertGroups.resolvedBy', by: group.resolvedBy, at: group.resolvedAt },
      ]}
    >
      {group.note ? (
        <li className="text-sm break-words text-slate-700 dark:text-slate-300">
          <span className="font-medium">{t('alertGroups.note')}:</span>{' '}
          <PersonsWords testId="alert-group-note">{group.note}</PersonsWords>
        </li>
      ) : null}
    </HandledLines>
  );
}

/**
 * One flood group: what it is in words, its worst active severity (colour, icon and word), how
 * many of its alerts are still active, since when, its status, who handled it and, for operators
 * and admins, acknowledge and resolve for all of its alerts at once.
 */
export function AlertGroupCard({
  group,
  canAct,
  heading = 'h3',
  titleLink = true,
}: {
  group: AlertGroup;
  canAct: boolean;
  /** The title's level where the card stands: a list's item, or a page's own heading. */
  heading?: 'h1' | 'h3';
  /** The title opens the group's page, except on that page. */
  titleLink?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const ended = group.status === 'resolved';
  const words = alertGroupWords(group, t, i18n.language);
  const Heading = heading;
  const title: ReactNode = titleLink ? (
    <Link
      to={alertGroupPath(group.id)}
      data-testid="alert-group-open"
      className={`rounded-sm hover:underline ${focusRing}`}
    >
      {words}
    </Link>
  ) : (
    words
  );
  return (
    <article
      aria-labelledby={titleId}
      data-testid="alert-group-card"
      data-group-id={group.id}
      data-status={group.status}
      data-severity={group.severity}
      className={`rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm sm:p-5 dark:border-slate-800 ${
        ended
          ? `${ENDED_TONE.card} ${ENDED_TONE.border}`
          : `bg-white dark:bg-slate-900 ${SEVERITY_TONES[group.severity].border}`
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={group.severity} muted={ended} />
        <StatusBadge status={group.status} label={t(`alertGroups.status.${group.status}`)} />
        <span className="ml-auto text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('alertGroups.since')} <TimeAgo iso={group.createdAt} />
        </span>
      </div>
      <Heading
        id={titleId}
        className={`mt-2 font-semibold break-words ${heading === 'h1' ? 'text-xl tracking-tight sm:text-2xl' : 'text-base'} ${ended ? ENDED_TONE.title : 'text-slate-900 dark:text-white'}`}
      >
        {title}
      </Heading>
      <p
        data-testid="alert-group-members"
        className="mt-1 text-sm text-slate-700 dark:text-slate-300"
      >
        {t('alertGroups.active', { active: group.activeMembers, count: group.members })}
        <span aria-hidden="true"> · </span>
        {t('alertGroups.lastJoined')} <TimeAgo iso={group.lastJoinedAt} />
      </p>
      {canAct ? <AlertGroupHandled group={group} /> : null}
      {canAct ? <AlertGroupActions group={group} /> : null}
    </article>
  );
}
