import { canDiscussAlerts, canHandleAlerts } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { TimeAgo } from '../../components/time-ago';
import { ApiRequestError } from '../../lib/api-client';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { PATHS } from '../../lib/paths';
import { AlertActions } from './alert-actions';
import { AlertAssignment } from './alert-assignment';
import { SEVERITY_TONES, SeverityBadge, StatusBadge } from '../../components/alert-badges';
import { HandledLine } from './alert-card';
import { AlertComments } from './alert-comments';
import { AlertHistory } from './alert-history';
import { useAlert } from './alert-query';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { alertsScreenLive as liveModule } from './alerts.live';

/** The alert itself: severity, status, what and where, when raised and escalated, who handled it. */
function AlertSummary({ alert, canAct }: { alert: Alert; canAct: boolean }) {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const words = alertWords(alert, i18n.t, i18n.language);
  const { cities } = useCity();
  const cityName = cities.find((city) => city.key === alert.city)?.name ?? alert.city;
  return (
    <article
      aria-labelledby="alert-detail-title"
      data-testid="alert-detail"
      data-alert-id={alert.id}
      data-severity={alert.severity}
      data-status={alert.status}
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900 ${SEVERITY_TONES[alert.severity].border}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={alert.severity} />
        <StatusBadge status={alert.status} />
      </div>
      <h1
        id="alert-detail-title"
        className="mt-3 text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl dark:text-white"
      >
        {words.title}
      </h1>
      <p
        data-testid="alert-message"
        className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300"
      >
        {alertMessageWords(alert, i18n.t, i18n.language)}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2 dark:text-slate-300">
        <div className="flex min-w-0 gap-1">
          <dt className="font-medium">{t('detail.inCity')}:</dt>
          <dd>{cityName}</dd>
        </div>
        {alert.location ? (
          <div className="flex min-w-0 gap-1">
            <dt className="font-medium">{t('signedIn:alerts.place')}:</dt>
            <dd>{alert.location}</dd>
          </div>
        ) : null}
        {alert.sensorId ? (
          <div className="flex min-w-0 gap-1 sm:col-span-2">
            <dt className="font-medium">{t('signedIn:alerts.sensor')}:</dt>
            <dd className="font-mono break-all">{alert.sensorId}</dd>
          </div>
        ) : null}
        <div className="flex min-w-0 gap-1">
          <dt className="font-medium">{t('detail.raisedAt')}:</dt>
          <dd>
            <TimeAgo iso={alert.createdAt} />
          </dd>
        </div>
        {alert.escalatedAt ? (
          <div className="flex min-w-0 gap-1" data-testid="alert-escalated-at">
            <dt className="font-medium">{t('detail.escalatedAt')}:</dt>
            <dd>
              <TimeAgo iso={alert.escalatedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      <HandledLine alert={alert} />
      {alert.note ? (
        <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">
          <span className="font-medium">{t('signedIn:alerts.note')}:</span> {alert.note}
        </p>
      ) : null}
      {canAct ? <AlertActions alert={alert} /> : null}
    </article>
  );
}

/**
 * One alert's page: the alert and its actions, who has taken it, its timeline (escalation steps,
 * assignments, actions) and, for operators and admins, its comment thread; all kept current live.
 */
export function AlertDetailPage() {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { id = '' } = useParams();
  const { allows } = useAuth();
  const alert = useAlert(id);
  const staff = allows(canDiscussAlerts);

  const back = (
    <Link
      to={PATHS.alerts}
      className={`mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
    >
      <Icon name="chevron-left" size={16} />
      {t('detail.back')}
    </Link>
  );

  if (alert.isPending) return <LoadingScreen />;
  if (alert.isError) {
    const missing = alert.error instanceof ApiRequestError && alert.error.status === 404;
    return (
      <>
        {back}
        {/* Without an alert to name it, the page is named by what it is, as every screen is. */}
        <PageHeader title={t('translation:screens.alertDetail.title')} />
        {missing ? (
          <div data-testid="alert-detail-missing">
            <EmptyState icon={<Icon name="alerts" size={24} />} title={t('detail.notFound')} />
          </div>
        ) : (
          <QueryError
            message={t('detail.loadFailed')}
            onRetry={() => void alert.refetch()}
            retrying={alert.isFetching}
            testId="alert-detail-failed"
          />
        )}
      </>
    );
  }

  return (
    <>
      {back}
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <AlertSummary alert={alert.data} canAct={allows(canHandleAlerts)} />
          {staff ? <AlertAssignment alert={alert.data} /> : null}
          {staff ? <AlertComments alertId={alert.data.id} /> : null}
        </div>
        <section
          aria-labelledby="alert-timeline-title"
          data-testid="alert-timeline"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:col-span-2 lg:self-start dark:border-slate-800 dark:bg-slate-900"
        >
          <h2
            id="alert-timeline-title"
            className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
          >
            <Icon name="clock" size={18} />
            {t('timeline.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('timeline.intro')}</p>
          <AlertHistory alertId={alert.data.id} id="alert-timeline-entries" />
        </section>
      </div>
    </>
  );
}
