import { canDiscussAlerts, canHandleAlerts } from '@smart-city/shared';
import type { Alert } from '@smart-city/shared';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { PersonsWords } from '../../components/persons-words';
import { QueryError } from '../../components/query-states';
import { TimeAgo } from '../../components/time-ago';
import { ApiRequestError } from '../../lib/api-client';
import { alertMessageWords, alertWords } from '../../lib/alerts/alert-words';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { WORKFLOW_NAMESPACES } from '../../lib/i18n/workflow-namespace';
import { PATHS } from '../../lib/paths';
import { AlertActions } from './alert-actions';
import { AlertAssignment } from './alert-assignment';
import { AlertShelving } from './alert-shelving';
import { isEndedAlert } from '@smart-city/shared';
import type { ReadingWindow, Sensor } from '@smart-city/shared';
import { ESCALATION_CHECK_INTERVAL_MS } from '@smart-city/shared';
import { useMinuteClock } from '../../lib/clock';
import { useState } from 'react';
import { alertEdge, ENDED_TONE } from '../../components/alert-badges';
import { SensorHistory } from '../../components/sensor-history';
import { formatMetricValue, formatUnit } from '../../lib/format/metric-value';
import { useCityDates } from '../../lib/format/use-city-dates';
import { useSensor } from '../../lib/sensors/sensor-query';
import { sensorDetailPath } from '../../lib/paths';
import { AlertAdvice, AlertBadges } from './alert-advice';
import { ChatteringBadge } from './chattering-badge';
import { useAlertEscalation } from './alert-escalation-query';
import { HandledLine } from './alert-card';
import { AlertComments } from './alert-comments';
import { AlertHistory } from './alert-history';
import { useAlert } from './alert-query';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { alertsScreenLive as liveModule } from './alerts.live';

/** The alert itself: severity, status, what and where, when raised and escalated, who handled it. */
function AlertSummary({
  alert,
  canAct,
  sensor,
}: {
  alert: Alert;
  canAct: boolean;
  sensor: Sensor | undefined;
}) {
  const { t, i18n } = useTranslation(WORKFLOW_NAMESPACES);
  const zoneOf = useCityZone();
  const words = alertWords(alert, i18n.t, i18n.language);
  const { cities } = useCity();
  const dates = useCityDates();
  const residentView = !canAct;
  const ended = isEndedAlert(alert);
  const cityName = cities.find((city) => city.key === alert.city)?.name ?? alert.city;
  return (
    <article
      aria-labelledby="alert-detail-title"
      data-testid="alert-detail"
      data-alert-id={alert.id}
      data-severity={alert.severity}
      data-status={alert.status}
      data-ended={ended || undefined}
      className={`rounded-xl border border-l-4 border-slate-200 p-4 shadow-sm sm:p-5 dark:border-slate-800 ${ended ? ENDED_TONE.card : 'bg-white dark:bg-slate-900'} ${alertEdge(alert)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <AlertBadges alert={alert} residentView={residentView} />
        {residentView ? null : <ChatteringBadge alert={alert} explained />}
      </div>
      <h1
        id="alert-detail-title"
        className={`mt-3 text-xl font-semibold tracking-tight break-words sm:text-2xl ${ended ? ENDED_TONE.title : 'text-slate-900 dark:text-white'}`}
      >
        {words.title}
      </h1>
      <p
        data-testid="alert-message"
        className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300"
      >
        {alertMessageWords(alert, i18n.t, i18n.language, zoneOf(alert.city))}
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
        {alert.sensorId && !residentView ? (
          <div className="flex min-w-0 gap-1 sm:col-span-2">
            <dt className="font-medium">{t('signedIn:alerts.sensor')}:</dt>
            <dd className="font-mono break-all">{alert.sensorId}</dd>
          </div>
        ) : null}
        {sensor ? (
          <div className="flex min-w-0 flex-wrap gap-x-1 sm:col-span-2" data-testid="alert-reading">
            <dt className="font-medium">{t('signedIn:alertView.reading')}:</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
              {sensor.value === null
                ? t('signedIn:alertView.noReading')
                : `${formatMetricValue(sensor.value, sensor.type, i18n.language)} ${formatUnit(sensor.unit, i18n.language)}`}
            </dd>
            {sensor.lastReading ? (
              <dd className="text-slate-600 dark:text-slate-400">
                (<TimeAgo iso={sensor.lastReading} />)
              </dd>
            ) : null}
          </div>
        ) : null}
        <div className="flex min-w-0 flex-wrap gap-x-1 sm:col-span-2">
          <dt className="font-medium">{t('detail.raisedAt')}:</dt>
          <dd>
            <TimeAgo iso={alert.createdAt} />
          </dd>
          <dd data-testid="alert-raised-exact" className="text-slate-600 dark:text-slate-400">
            ({dates.dateTime(alert.createdAt)})
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
      {residentView ? <AlertAdvice alert={alert} /> : <HandledLine alert={alert} />}
      {alert.sensorId ? (
        <Link
          to={sensorDetailPath(alert.sensorId)}
          data-testid="alert-sensor-link"
          className={`mt-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
        >
          <Icon name="sensors" size={16} />
          {t('signedIn:alertView.openSensor')}
        </Link>
      ) : null}
      {alert.note && !residentView ? (
        <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">
          <span className="font-medium">{t('signedIn:alerts.note')}:</span>{' '}
          <PersonsWords>{alert.note}</PersonsWords>
        </p>
      ) : null}
      {canAct ? <AlertActions alert={alert} /> : null}
      {canAct ? <AlertShelving alert={alert} /> : null}
    </article>
  );
}

const REASON_KEYS = {
  'not-open': 'signedIn:alertView.next.notOpen',
  'no-policy': 'signedIn:alertView.next.noPolicy',
  done: 'signedIn:alertView.next.done',
  shelved: 'signedIn:alertView.next.shelved',
  suppressed: 'signedIn:alertView.next.suppressed',
} as const;

/** The step escalation takes next for the alert, and when it is due (operators and admins). */
function NextEscalationStep({ alert }: { alert: Alert }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const dates = useCityDates();
  const outlook = useAlertEscalation(
    alert.id,
    true,
    `${alert.status}|${alert.updatedAt}|${alert.shelvedUntil ?? ''}`,
  );
  // A step's time passing turns "due at" into "due now" without a new answer from the server.
  const now = useMinuteClock(ESCALATION_CHECK_INTERVAL_MS);
  let body;
  if (outlook.isPending) {
    body = <LoadingScreen />;
  } else if (outlook.isError) {
    body = (
      <QueryError
        message={t('signedIn:alertView.next.loadFailed')}
        onRetry={() => void outlook.refetch()}
        retrying={outlook.isFetching}
      />
    );
  } else if (outlook.data.next === null) {
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="alert-next-step-none">
        {t(REASON_KEYS[outlook.data.reason ?? 'done'])}
      </p>
    );
  } else {
    const { next } = outlook.data;
    const audience = t(`signedIn:alertView.next.audience.${next.audience ?? 'operators'}`);
    const what =
      next.action === 'raise'
        ? t('signedIn:alertView.next.raise', {
            severity: t(`signedIn:severity.${next.severity ?? 'critical'}`),
          })
        : next.action === 'remind'
          ? t('signedIn:alertView.next.remind', { audience, count: next.occurrence + 1 })
          : t('signedIn:alertView.next.notify', { audience });
    const due = Date.parse(next.at) <= now.getTime();
    body = (
      <div data-testid="alert-next-step" data-action={next.action} className="text-sm">
        <p className="font-semibold text-slate-900 dark:text-white">{what}</p>
        <p className="text-slate-600 dark:text-slate-400">
          {due ? (
            t('signedIn:alertView.next.dueNow')
          ) : (
            <>{t('signedIn:alertView.next.due', { time: dates.dateTime(next.at) })}</>
          )}
        </p>
      </div>
    );
  }
  return (
    <section
      aria-labelledby="alert-next-step-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="alert-next-step-title"
        className="mb-2 flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <Icon name="bell" size={18} />
        {t('signedIn:alertView.next.title')}
      </h2>
      {body}
    </section>
  );
}

/** The alert's sensor over the last day, with its alert thresholds, as the sensor's page draws it. */
function AlertSensorChart({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation(WORKFLOW_NAMESPACES);
  const { cities } = useCity();
  const [window, setWindow] = useState<ReadingWindow>('24h');
  const timeZone = cities.find((city) => city.key === sensor.city)?.timeZone;
  return (
    <section
      aria-label={t('signedIn:alertView.chartTitle')}
      data-testid="alert-sensor-chart"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {t('signedIn:alertView.chartIntro')}
      </p>
      <SensorHistory
        sensor={sensor}
        window={window}
        onWindowChange={setWindow}
        timeZone={timeZone}
      />
    </section>
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
  const sensorId = alert.data?.sensorId ?? '';
  const sensor = useSensor(sensorId, sensorId !== '').data;

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
        <PageHeader title={t('signedIn:screens.alertDetail.title')} />
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
          <AlertSummary alert={alert.data} canAct={allows(canHandleAlerts)} sensor={sensor} />
          {allows(canHandleAlerts) ? <NextEscalationStep alert={alert.data} /> : null}
          {sensor ? <AlertSensorChart sensor={sensor} /> : null}
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
          <AlertHistory alertId={alert.data.id} id="alert-timeline-entries" alert={alert.data} />
        </section>
      </div>
    </>
  );
}
