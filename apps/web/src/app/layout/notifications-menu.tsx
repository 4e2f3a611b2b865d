import type { Alert } from '@smart-city/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton } from '../../components/button-styles';
import { Icon, StatusIcon } from '../../components/icon';
import { NOTIFICATIONS_SHOWN } from '../../lib/constants';
import { useNotificationPreferences } from '../../lib/auth/preferences-query';
import { bellShowsAlert } from '../../lib/alerts/alert-preferences';
import { alertWords } from '../../lib/alerts/alert-words';
import { useActiveAlerts } from '../../lib/alerts/recent-alerts-query';
import { useCity } from '../../lib/city/city-context';
import { alertPath } from '../../lib/paths';
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

function NotificationItem({ alert, onOpen }: { alert: Alert; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
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
          {words.message}
        </span>
      </Link>
    </li>
  );
}

/**
 * The bell: up to five active alerts the person's notification switches let in, newest first, each
 * opening the Alerts screen; or 'No new notifications'.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const activeAlerts = useActiveAlerts(cityKey);
  const preferences = useNotificationPreferences();
  const { open, close, toggle, rootRef, buttonRef, panelId } = useDisclosure();
  const shown = activeAlerts
    .filter((alert) => bellShowsAlert(alert, preferences))
    .slice(0, NOTIFICATIONS_SHOWN);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('header.notifications')}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notifications-button"
        onClick={toggle}
        className={iconButton}
      >
        <Icon name="bell" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('header.notifications')}
          data-testid="notifications-panel"
          className="fixed inset-x-3 top-16 z-40 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="mb-2 px-1 text-sm font-semibold text-slate-900 dark:text-white">
            {t('header.notifications')}
          </p>
          {shown.length === 0 ? (
            <p className="px-1 py-4 text-center text-sm text-slate-500 dark:text-slate-400">
              {t('header.noNotifications')}
            </p>
          ) : (
            <ul className="space-y-2">
              {shown.map((alert) => (
                <NotificationItem key={alert.id} alert={alert} onOpen={close} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
