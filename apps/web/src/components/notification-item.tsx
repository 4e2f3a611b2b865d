import { isEndedAlert } from '@smart-city/shared';
import type { Notification } from '@smart-city/shared';
import { useKnownAlertStatus } from '../lib/alerts/recent-alerts-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { alertTitleWords } from '../lib/alerts/alert-words';
import { alertDetailPath } from '../lib/paths';
import { focusRing } from './button-styles';
import { StatusIcon } from './status-icon';
import { TimeAgo } from './time-ago';

/** A severity's left edge and icon; the icon's label and the word say it too. */
function severityLook(severity: Notification['alert']['severity']) {
  if (severity === 'critical') {
    return {
      edge: 'border-l-red-600 dark:border-l-red-500',
      tint: 'text-red-600 dark:text-red-400',
      icon: 'error' as const,
    };
  }
  if (severity === 'high') {
    return {
      edge: 'border-l-orange-500 dark:border-l-orange-400',
      tint: 'text-orange-600 dark:text-orange-400',
      icon: 'warning' as const,
    };
  }
  if (severity === 'warning') {
    return {
      edge: 'border-l-amber-400 dark:border-l-amber-300',
      tint: 'text-amber-600 dark:text-amber-300',
      icon: 'warning' as const,
    };
  }
  return {
    edge: 'border-l-sky-500 dark:border-l-sky-400',
    tint: 'text-sky-600 dark:text-sky-400',
    icon: 'info' as const,
  };
}

/** An ended alert's notification: grey, with a plain check instead of the severity's colour. */
const ENDED_LOOK = {
  edge: 'border-l-slate-300 dark:border-l-slate-600',
  tint: 'text-slate-500 dark:text-slate-400',
  icon: 'success' as const,
};

/**
 * One of the person's notifications: why they were told (an escalation, a reminder, an
 * assignment, a mention), the alert, the quoted comment, when, and whether it is unread. It opens
 * the alert's page; `onOpen` hears of it (to mark it read, to close a menu).
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen?: (notification: Notification) => void;
  /** The bell's narrower layout. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const status = useKnownAlertStatus(notification.alert.city, notification.alert.id);
  // A notification outlives its alert's trouble: once the alert has ended it is grey and says so.
  const ended = status !== undefined && isEndedAlert({ status });
  const look = ended ? ENDED_LOOK : severityLook(notification.alert.severity);
  const unread = notification.readAt === null;
  return (
    <Link
      to={alertDetailPath(notification.alert.id)}
      onClick={() => onOpen?.(notification)}
      data-testid="my-notification"
      data-kind={notification.kind}
      data-alert-id={notification.alert.id}
      data-unread={unread || undefined}
      data-ended={ended || undefined}
      className={`block rounded-lg border border-l-4 border-slate-200 px-3 py-2 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60 ${look.edge} ${
        unread ? 'bg-sky-50/70 dark:bg-sky-950/30' : 'bg-white dark:bg-slate-900'
      } ${focusRing}`}
    >
      <span className="flex items-start gap-2">
        <span className={`mt-px shrink-0 ${look.tint}`}>
          <StatusIcon status={look.icon} label={t(`severity.${notification.alert.severity}`)} />
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={`block text-xs ${unread ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {t(`notification.${notification.kind}`, { actor: notification.actor ?? '' })}
          </span>
          <span
            className={`mt-0.5 block text-sm font-medium break-words ${ended ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-white'}`}
          >
            {alertTitleWords(notification.alert, i18n.t)}
          </span>
          {notification.excerpt && !compact ? (
            <span className="mt-1 block text-sm break-words text-slate-600 italic dark:text-slate-300">
              “{notification.excerpt}”
            </span>
          ) : null}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-300">
            <TimeAgo iso={notification.createdAt} />
            <span aria-hidden="true">·</span>
            <span>{t(`severity.${notification.alert.severity}`)}</span>
            {ended && status ? (
              <>
                <span aria-hidden="true">·</span>
                <span data-testid="my-notification-status" className="font-semibold">
                  {t(`alerts.status.${status}`)}
                </span>
              </>
            ) : null}
          </span>
        </span>
        {unread ? (
          <span className="mt-1 flex shrink-0 items-center">
            <span aria-hidden="true" className="size-2 rounded-full bg-sky-600 dark:bg-sky-400" />
            <span className="sr-only">{t('notification.unread')}</span>
          </span>
        ) : null}
      </span>
    </Link>
  );
}
