import { isEndedAlert } from '@smart-city/shared';
import type { AlertNotification, Notification, ReportNotification } from '@smart-city/shared';
import { useKnownAlertStatus } from '../lib/alerts/recent-alerts-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notificationWords } from '../lib/notifications/notification-words';
import { alertDetailPath, reportPath } from '../lib/paths';
import { focusRing } from './button-styles';
import { StatusIcon } from './status-icon';
import { TimeAgo } from './time-ago';

/** A severity's left edge and icon; the icon's label and the word say it too. */
function severityLook(severity: AlertNotification['alert']['severity']) {
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

/** A report's notification: green once closed, grey once rejected or merged, amber when overdue. */
function reportLook(notification: ReportNotification) {
  if (notification.kind === 'report_overdue') {
    return {
      edge: 'border-l-amber-400 dark:border-l-amber-300',
      tint: 'text-amber-600 dark:text-amber-300',
      icon: 'warning' as const,
    };
  }
  if (notification.report.status === 'closed' && notification.kind === 'report_status') {
    return {
      edge: 'border-l-green-600 dark:border-l-green-500',
      tint: 'text-green-700 dark:text-green-400',
      icon: 'success' as const,
    };
  }
  if (notification.report.status === 'closed' || notification.report.status === 'rejected') {
    return ENDED_LOOK;
  }
  return {
    edge: 'border-l-sky-500 dark:border-l-sky-400',
    tint: 'text-sky-600 dark:text-sky-400',
    icon: 'info' as const,
  };
}

type ItemProps = {
  notification: Notification;
  onOpen?: (notification: Notification) => void;
  /** The bell's narrower layout. */
  compact?: boolean;
};

/** What an alert's notification shows: its severity, and once the alert has ended, that it has. */
function useAlertLook(notification: AlertNotification) {
  const { t } = useTranslation();
  const status = useKnownAlertStatus(notification.alert.city, notification.alert.id);
  // A notification outlives its alert's trouble: once the alert has ended it is grey and says so.
  const ended = status !== undefined && isEndedAlert({ status });
  return {
    look: ended ? ENDED_LOOK : severityLook(notification.alert.severity),
    ended,
    iconLabel: t(`severity.${notification.alert.severity}`),
    meta: t(`severity.${notification.alert.severity}`),
    endedWord: ended && status ? t(`alerts.status.${status}`) : null,
  };
}

/**
 * One of the person's notifications: why they were told (an escalation, a reminder, an
 * assignment, a mention; a step of a report they made or follow), the alert or the report, the
 * quoted comment or the city's resolution, when, and whether it is unread. It opens the alert's
 * or the report's page; `onOpen` hears of it (to mark it read, to close a menu).
 */
export function NotificationItem(props: ItemProps) {
  return 'alert' in props.notification ? (
    <AlertNotificationItem {...props} notification={props.notification} />
  ) : (
    <ReportNotificationItem {...props} notification={props.notification} />
  );
}

function AlertNotificationItem(props: ItemProps & { notification: AlertNotification }) {
  const { look, ended, iconLabel, meta, endedWord } = useAlertLook(props.notification);
  return (
    <NotificationFrame
      {...props}
      to={alertDetailPath(props.notification.alert.id)}
      look={look}
      ended={ended}
      iconLabel={iconLabel}
      meta={meta}
      endedWord={endedWord}
      data={{ 'data-alert-id': props.notification.alert.id }}
    />
  );
}

function ReportNotificationItem(props: ItemProps & { notification: ReportNotification }) {
  const { t } = useTranslation();
  const { report } = props.notification;
  const look = reportLook(props.notification);
  const ended = report.status === 'closed' || report.status === 'rejected';
  return (
    <NotificationFrame
      {...props}
      to={reportPath(report.id)}
      look={look}
      ended={ended && props.notification.kind !== 'report_status'}
      iconLabel={t('notification.openReport')}
      meta={null}
      endedWord={null}
      data={{ 'data-report-id': report.id }}
    />
  );
}

/** The link, the colours and the lines every notification has. */
function NotificationFrame({
  notification,
  onOpen,
  compact = false,
  to,
  look,
  ended,
  iconLabel,
  meta,
  endedWord,
  data,
}: ItemProps & {
  to: string;
  look: { edge: string; tint: string; icon: 'error' | 'warning' | 'info' | 'success' };
  ended: boolean;
  iconLabel: string;
  /** A word after the time (the alert's severity), or null. */
  meta: string | null;
  /** What became of an ended alert, or null. */
  endedWord: string | null;
  data: Record<`data-${string}`, string>;
}) {
  const { t, i18n } = useTranslation();
  const words = notificationWords(notification, i18n.t);
  const unread = notification.readAt === null;
  return (
    <Link
      to={to}
      onClick={() => onOpen?.(notification)}
      data-testid="my-notification"
      data-kind={notification.kind}
      {...data}
      data-unread={unread || undefined}
      data-ended={ended || undefined}
      className={`block rounded-lg border border-l-4 border-slate-200 px-3 py-2 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60 ${look.edge} ${
        unread ? 'bg-sky-50/70 dark:bg-sky-950/30' : 'bg-white dark:bg-slate-900'
      } ${focusRing}`}
    >
      <span className="flex items-start gap-2">
        <span className={`mt-px shrink-0 ${look.tint}`}>
          <StatusIcon status={look.icon} label={iconLabel} />
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={`block text-xs ${unread ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {words.why}
          </span>
          <span
            className={`mt-0.5 block text-sm font-medium break-words ${ended ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-white'} ${compact ? 'line-clamp-2' : ''}`}
          >
            {words.about}
          </span>
          {notification.excerpt && !compact ? (
            <span className="mt-1 block text-sm break-words text-slate-600 italic dark:text-slate-300">
              “{notification.excerpt}”
            </span>
          ) : null}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-300">
            <TimeAgo iso={notification.createdAt} />
            {meta ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{meta}</span>
              </>
            ) : null}
            {endedWord ? (
              <>
                <span aria-hidden="true">·</span>
                <span data-testid="my-notification-status" className="font-semibold">
                  {endedWord}
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
