import {
  ALERT_SEVERITIES,
  REPORT_CONTEXT_RADIUS_M,
  SENSOR_STATUSES,
  SENSOR_TYPES,
} from '@smart-city/shared';
import type { ReportContext } from '@smart-city/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { TimeAgo } from '../../components/time-ago';
import { formatMetricReading } from '../../lib/format/metric-value';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { alertDetailPath, sensorDetailPath } from '../../lib/paths';
import { oneOf } from './report-filters';
import { formatDistance } from './report-distance';
import { useReportContext } from './triage-context-query';
import { TriageSection } from './triage-section';

const linkClass = `rounded font-medium text-sky-700 underline hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200 ${focusRing}`;

function ContextList({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  children: ReactNode[];
}) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        {title}
      </h3>
      {children.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} data-testid={testId} className="space-y-2">
          {children}
        </ul>
      )}
    </div>
  );
}

function ContextLists({ context }: { context: ReportContext }) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const radius = formatDistance(REPORT_CONTEXT_RADIUS_M, i18n.language);
  const away = (metres: number) =>
    t('reports.triage.context.away', { distance: formatDistance(metres, i18n.language) });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ContextList
        title={t('reports.triage.context.alerts')}
        empty={t('reports.triage.context.noAlerts', { radius })}
        testId="triage-context-alerts"
      >
        {context.alerts.map((alert) => {
          const severity = oneOf(ALERT_SEVERITIES, alert.severity);
          return (
            <li key={alert.id} className="text-sm">
              <Link to={alertDetailPath(alert.id)} className={linkClass}>
                {alert.title}
              </Link>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {severity ? t(`signedIn:severity.${severity}`) : alert.severity} ·{' '}
                {away(alert.distanceM)} · {t('reports.triage.context.raised')}{' '}
                <TimeAgo iso={alert.createdAt} />
              </p>
            </li>
          );
        })}
      </ContextList>
      <ContextList
        title={t('reports.triage.context.sensors')}
        empty={t('reports.triage.context.noSensors', { radius })}
        testId="triage-context-sensors"
      >
        {context.sensors.map((sensor) => {
          const type = oneOf(SENSOR_TYPES, sensor.type);
          const status = oneOf(SENSOR_STATUSES, sensor.status);
          return (
            <li key={sensor.id} className="text-sm">
              <Link to={sensorDetailPath(sensor.id)} className={linkClass}>
                {sensor.name}
              </Link>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {type ? t(`translation:sensorTypes.${type}`) : sensor.type} ·{' '}
                {status ? t(`signedIn:sensors.status.${status}`) : sensor.status} ·{' '}
                {sensor.value !== null && type
                  ? formatMetricReading(sensor.value, type, sensor.unit, i18n.language)
                  : t('reports.triage.context.noReading')}{' '}
                · {away(sensor.distanceM)}
              </p>
            </li>
          );
        })}
      </ContextList>
    </div>
  );
}

/**
 * The sensors within the context radius of a report and their active alerts, nearest first, each a
 * link to its own screen: a blocked drain beside a water sensor in alarm is one problem, not two.
 */
export function TriageContext({ id }: { id: string }) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const context = useReportContext(id);
  return (
    <TriageSection
      title={t('reports.triage.context.title')}
      intro={t('reports.triage.context.intro', {
        radius: formatDistance(REPORT_CONTEXT_RADIUS_M, i18n.language),
      })}
      testId="triage-context"
    >
      {context.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner size={20} />
        </div>
      ) : context.isError ? (
        <QueryError
          message={t('reports.triage.context.loadFailed')}
          onRetry={() => void context.refetch()}
          retrying={context.isFetching}
          tone="warning"
        />
      ) : (
        <ContextLists context={context.data} />
      )}
    </TriageSection>
  );
}
