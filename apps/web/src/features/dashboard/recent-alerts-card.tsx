import { canHandleAlerts } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon, StatusIcon } from '../../components/icon';
import { SectionCard } from '../../components/section-card';
import { TimeAgo } from '../../components/time-ago';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useRecentAlerts } from '../../lib/alerts/recent-alerts-query';
import { alertPath, PATHS } from '../../lib/paths';
import { CardLink } from './card-link';
import { CardQuery } from './card-states';
import { SEVERITY_STYLE } from './alert-severity-style';

/** The dashboard lists this many of the newest alerts. */
export const RECENT_ALERTS_SHOWN = 5;

function RecentAlert({ alert }: { alert: Alert }) {
  const { t, i18n } = useTranslation();
  // Where an alert stands in the operators' workflow is their business, not a resident's.
  const { user } = useAuth();
  const workflow = user ? canHandleAlerts(user.role) : false;
  const words = alertWords(alert, t, i18n.language);
  const style = SEVERITY_STYLE[alert.severity];
  return (
    <li>
      <Link
        to={alertPath(alert.id)}
        data-testid="recent-alert"
        data-severity={alert.severity}
        className={`block rounded-lg border-l-4 bg-slate-50 px-3 py-2 hover:bg-slate-100 dark:bg-slate-800/60 dark:hover:bg-slate-800 ${style.border} ${focusRing}`}
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-semibold">
          <span className={`inline-flex items-center gap-1 uppercase ${style.text}`}>
            <StatusIcon status={style.icon} />
            {t(`severity.${alert.severity}`)}
          </span>
          {workflow ? (
            <span className="text-slate-600 dark:text-slate-400">
              {t(`dashboard.alerts.status.${alert.status}`)}
            </span>
          ) : null}
          <TimeAgo
            iso={alert.createdAt}
            className="ml-auto font-normal text-slate-600 dark:text-slate-400"
          />
        </span>
        <span className="mt-1 block text-sm font-medium text-slate-900 dark:text-white">
          {words.title}
        </span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
          {alertMessageWords(alert, t, i18n.language)}
        </span>
      </Link>
    </li>
  );
}

/** The five newest alerts of the city, kept current by the live events, each opening it on the Alerts screen. */
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
            {alerts.slice(0, RECENT_ALERTS_SHOWN).map((alert) => (
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
