import type { Alert, AlertGroup } from '@smart-city/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton } from '../../components/button-styles';
import { Icon, StatusIcon } from '../../components/icon';
import { NotificationItem } from '../../components/notification-item';
import { alertGroupWords } from '../../lib/alert-groups/alert-group-words';
import { useCityAlertGroups } from '../../lib/alert-groups/alert-groups-query';
import { NOTIFICATIONS_SHOWN } from '../../lib/constants';
import { useNotificationPreferences } from '../../lib/auth/preferences-query';
import { bellShowsAlert } from '../../lib/alerts/alert-preferences';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useActiveAlerts } from '../../lib/alerts/recent-alerts-query';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { useMarkNotificationRead } from '../../lib/notifications/notification-mutations';
import { useLatestNotifications } from '../../lib/notifications/notifications-query';
import { alertGroupPath, alertPath, PATHS } from '../../lib/paths';
import { useDisclosure } from '../../lib/use-dismiss';

/**
 * Notifications are coloured by critical, warning or other, so the worst stands out at a glance;
 * the icon and its label say it too, for readers who cannot tell the colours apart.
 */
function severityStyle(severity: Alert['severity']) {
  if (severity === 'critical') {
    return { tone: 'border-red-500 bg-red-50 dark:bg-red-950/50', icon: 'error' as const };
  }
  if (severity === 'warning') {
    return { tone: 'border-amber-500 bg-amber-50 dark:bg-amber-950/40', icon: 'warning' as const };
  }
  return { tone: 'border-sky-500 bg-sky-50 dark:bg-sky-950/40', icon: 'info' as const };
}

function AlertItem({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  const words = alertWords(alert, t, i18n.language);
  const style = severityStyle(alert.severity);
  return (
    <li>
      <Link
        to={alertPath(alert.id)}
        onClick={onOpen}
        data-testid="notification-item"
        data-severity={alert.severity}
        className={`block rounded-lg border-l-4 px-3 py-2 hover:brightness-95 dark:hover:brightness-125 ${style.tone} ${focusRing}`}
      >
        <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 dark:text-white">
          <StatusIcon status={style.icon} label={t(`severity.${alert.severity}`)} />
          <span className="min-w-0 flex-1">{words.title}</span>
          <span
            aria-hidden="true"
            className="shrink-0 text-[10px] font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300"
          >
            {t(`severity.${alert.severity}`)}
          </span>
        </span>
        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">
          {alertMessageWords(alert, t, i18n.language, zoneOf(alert.city))}
        </span>
      </Link>
    </li>
  );
}

/** A flood group, once, in place of its many alerts: what it is, opening its page. */
function GroupItem({ group, onOpen }: { group: AlertGroup; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const { city } = useCity();
  const style = severityStyle(group.severity);
  return (
    <li>
      <Link
        to={alertGroupPath(group.id)}
        onClick={onOpen}
        data-testid="notification-group"
        data-severity={group.severity}
        className={`block rounded-lg border-l-4 px-3 py-2 hover:brightness-95 dark:hover:brightness-125 ${style.tone} ${focusRing}`}
      >
        <span className="flex items-center gap-1.5 text-sm font-semibold text-slate-900 dark:text-white">
          <StatusIcon status={style.icon} label={t(`severity.${group.severity}`)} />
          <span className="min-w-0 flex-1">
            {t('alertGroups.toast', {
              city: city?.name ?? group.city,
              words: alertGroupWords(group, t, i18n.language),
            })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The person's own notifications: the newest, each opening its alert (escalations, assignments,
 * mentions) or its report (one they made or follow moved on).
 */
function ForYou({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationRead();
  const items = latest.data?.items ?? [];
  return (
    <section aria-labelledby="bell-for-you" className="mb-3" data-testid="bell-for-you">
      <p
        id="bell-for-you"
        className="mb-2 px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        {t('header.forYou')}
      </p>
      {items.length === 0 ? (
        <p className="px-1 pb-2 text-sm text-slate-500 dark:text-slate-400">
          {t('header.nothingForYou')}
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem
                compact
                notification={notification}
                onOpen={(opened) => {
                  if (opened.readAt === null) markRead.mutate(opened.id);
                  onOpen();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={PATHS.notifications}
        onClick={onOpen}
        data-testid="bell-all-notifications"
        className={`mt-2 inline-block rounded-md px-1 text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
      >
        {t('header.allNotifications')}
      </Link>
    </section>
  );
}

/**
 * The bell: the person's own newest notifications (escalations, reminders, assignments and
 * mentions for operators and admins; news of the reports anyone made or follows) with the unread
 * count on the bell; then up to five active
 * alerts the person's notification switches let in, the worst first, then the newest, each opening
 * the Alerts screen, a flood's alerts as one item for their group;
 * or 'No new notifications'.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const activeAlerts = useActiveAlerts(cityKey);
  const groups = useCityAlertGroups(cityKey).data ?? [];
  const preferences = useNotificationPreferences();
  const latest = useLatestNotifications();
  const unread = latest.data?.unread ?? 0;
  const { open, close, toggle, rootRef, buttonRef, panelId } = useDisclosure();
  // A flood rings once: its group takes one place, its alerts none.
  const shownGroups = groups
    .filter((group) => bellShowsAlert(group, preferences))
    .slice(0, NOTIFICATIONS_SHOWN);
  const shown = activeAlerts
    .filter((alert) => alert.groupId === null && bellShowsAlert(alert, preferences))
    .slice(0, NOTIFICATIONS_SHOWN - shownGroups.length);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={
          unread > 0
            ? t('header.notificationsUnread', { count: unread })
            : t('header.notifications')
        }
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notifications-button"
        data-unread={unread}
        onClick={toggle}
        className={`relative ${iconButton}`}
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-bold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('header.notifications')}
          data-testid="notifications-panel"
          className="fixed inset-x-3 top-16 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="mb-2 px-1 text-sm font-semibold text-slate-900 dark:text-white">
            {t('header.notifications')}
          </p>
          <ForYou onOpen={close} />
          <p className="mb-2 px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {t('header.activeAlerts')}
          </p>
          {shown.length + shownGroups.length === 0 ? (
            <p className="px-1 py-4 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('header.noNotifications')}
            </p>
          ) : (
            <ul className="space-y-2">
              {shownGroups.map((group) => (
                <GroupItem key={group.id} group={group} onOpen={close} />
              ))}
              {shown.map((alert) => (
                <AlertItem key={alert.id} alert={alert} onOpen={close} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
