import { activeFirstBySeverity, canHandleAlerts, isEndedAlert } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon, StatusIcon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useRecentAlerts } from '../../lib/alerts/recent-alerts-query';
import { alertPath, PATHS } from '../../lib/paths';
import { CardLink } from './card-link';
import { CardQuery } from './card-states';
import { SEVERITY_STYLE } from './alert-severity-style';

/** The dashboard lists this many of the newest alerts. */
const RECENT_ALERTS_SHOWN = 5;

function RecentAlert({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  const zoneOf = useCityZone();
  // Where an alert stands in the operators' workflow is their business, not a resident's.
  const { user } = useAuth();
  const workflow = user ? canHandleAlerts(user.role) : false;
  const words = alertWords(alert, t, i18n.language);
  // An ended alert is grey and says so, so it never reads as one that needs attention now.
  const ended = isEndedAlert(alert);
  const style = ended ? ENDED_STYLE : SEVERITY_STYLE[alert.severity];
  return (
    <li>
      <Link
        to={alertPath(alert.id)}
        data-testid="recent-alert"
        data-severity={alert.severity}
        data-status={alert.status}
        data-ended={ended || undefined}
        className={`block rounded-lg border-l-4 px-3 py-2 ${ended ? 'bg-transparent hover:bg-slate-50 dark:hover:bg-slate-800/40' : 'bg-slate-50 hover:bg-slate-100 dark:bg-slate-800/60 dark:hover:bg-slate-800'} ${style.border} ${focusRing}`}
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-semibold">
          <span className={`inline-flex items-center gap-1 uppercase ${style.text}`}>
            <StatusIcon status={style.icon} />
            {t(`severity.${alert.severity}`)}
          </span>
          {workflow || ended ? (
            <span data-testid="recent-alert-status" className="text-slate-600 dark:text-slate-400">
              {t(`dashboard.alerts.status.${alert.status}`)}
            </span>
          ) : null}
          <TimeAgo
            iso={alert.createdAt}
            className="ml-auto font-normal text-slate-600 dark:text-slate-400"
          />
        </span>
        <span
          className={`mt-1 block text-sm font-medium ${ended ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-white'}`}
        >
          {words.title}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
          {alertMessageWords(alert, t, i18n.language, zoneOf(alert.city))}
        </span>
      </Link>
    </li>
  );
}

/** The grey of an ended alert's row: no severity colour, a plain check. */
const ENDED_STYLE = {
  border: 'border-slate-300 dark:border-slate-600',
  text: 'text-slate-600 dark:text-slate-400',
  icon: 'success',
} as const;

/**
 * The city's active alerts first, the worst first, then the newest; then the ended ones in the
 * same order: the Alerts screen's and the wall's order.
 */
function worstFirst(alerts: Alert[]): Alert[] {
  return [...alerts].sort(activeFirstBySeverity);
}

/**
 * Five of the city's newest alerts, the active ones first and the worst first, kept current by the
 * live events, each opening its page.
 */
export function RecentAlertsCard() {
  const { t } = useTranslation();
  const { cityKey } = useCity();
  const query = useRecentAlerts(cityKey);

  const content = (
    <CardQuery query={query} lines={5} errorMessage={t('dashboard.alerts.loadFailed')}>
      {(alerts) =>
        alerts.length === 0 ? (
          <EmptyState icon={<Icon name="alerts" />} title={t('dashboard.alerts.empty')} />
        ) : (
          <ul className="space-y-2" data-testid="recent-alerts-list">
            {worstFirst(alerts)
              .slice(0, RECENT_ALERTS_SHOWN)
              .map((alert) => (
                <RecentAlert key={alert.id} alert={alert} />
              ))}
          </ul>
        )
      }
    </CardQuery>
  );

  return (
    <SectionCard
      title={t('dashboard.alerts.title')}
      actions={<CardLink to={PATHS.alerts}>{t('dashboard.alerts.viewAll')}</CardLink>}
      testId="recent-alerts"
    >
      {content}
    </SectionCard>
  );
}
