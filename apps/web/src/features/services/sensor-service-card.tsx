import { canHandleAlerts, SEVERITY_RANK } from '@smart-city/shared';
import type { Alert, SensorCounts, SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Icon, ServiceIcon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { alertWords } from '../../lib/alerts/alert-words';
import { residentKindOf } from '../../lib/alerts/resident-kind';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { HOME_NAMESPACES } from '../../lib/i18n/home-namespace';
import { PATHS } from '../../lib/paths';
import { useSensorCounts } from '../../lib/sensors/sensor-counts-query';
import { useServiceAlerts } from './service-alerts-query';
import { ServiceCard, StatusLine } from './service-card';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** The sensor types whose network is a city service of its own. */
export type ServiceSensorType = Extract<SensorType, 'water' | 'energy' | 'waste' | 'traffic'>;

interface NetworkHealth {
  total: number;
  active: number;
  offline: number;
  maintenance: number;
}

/** How a type's sensors stand, from the server's counts of that type. */
function networkHealth(counts: SensorCounts): NetworkHealth {
  return {
    total: counts.total,
    active: counts.byStatus.active ?? 0,
    offline: counts.byStatus.offline ?? 0,
    maintenance: counts.byStatus.maintenance ?? 0,
  };
}

/** A service's worst active alert in the reader's words: what is wrong, where, and how badly. */
function useServiceAlertWords(
  alert: Alert,
  residentView: boolean,
): { severity: string; what: string } {
  const { t, i18n } = useTranslation(HOME_NAMESPACES);
  const resident = residentKindOf(alert);
  const severity = residentView
    ? t(`alerts.severity.${alert.severity}`)
    : t(`signedIn:severity.${alert.severity}`);
  const what =
    resident && alert.location
      ? t(`alerts.kinds.${resident.words}`, { place: alert.location })
      : alertWords(alert, i18n.t, i18n.language).title;
  return { severity, what };
}

/** How the service is doing: its worst active alert and how many more, or that all is well. */
function ServiceStatus({ type, residentView }: { type: ServiceSensorType; residentView: boolean }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey } = useCity();
  const query = useServiceAlerts(cityKey, type);
  if (query.data) {
    const { worst, active } = query.data;
    if (!worst) {
      return (
        <StatusLine
          testId={`service-status-${type}`}
          tone="good"
          icon={<Icon name="shield" size={16} />}
          text={t('hub.alerts.none')}
        />
      );
    }
    return (
      <WorstAlertLine type={type} alert={worst} more={active - 1} residentView={residentView} />
    );
  }
  if (query.isError) {
    return (
      <QueryError
        message={t('hub.alerts.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Spinner />;
}

function WorstAlertLine({
  type,
  alert,
  more,
  residentView,
}: {
  type: ServiceSensorType;
  alert: Alert;
  more: number;
  residentView: boolean;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const words = useServiceAlertWords(alert, residentView);
  return (
    <StatusLine
      testId={`service-status-${type}`}
      tone={SEVERITY_RANK[alert.severity] >= SEVERITY_RANK.high ? 'bad' : 'warn'}
      icon={<Icon name="alert-circle" size={16} />}
      text={t('hub.alerts.worst', words)}
      detail={more > 0 ? t('hub.alerts.more', { count: more }) : undefined}
    />
  );
}

/** Whether the service's sensors report, for those who run the network. */
function NetworkHealthLine({ type }: { type: ServiceSensorType }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey } = useCity();
  const query = useSensorCounts(cityKey, { type });
  const health = query.data ? networkHealth(query.data) : undefined;
  if (health) {
    if (health.total === 0) {
      return (
        <StatusLine
          testId={`service-sensors-${type}`}
          tone="quiet"
          icon={<Icon name="sensors" size={16} />}
          text={t('hub.sensors.none')}
        />
      );
    }
    const problems = health.total - health.active;
    const detail = [
      health.offline > 0 ? t('hub.sensors.offline', { count: health.offline }) : null,
      health.maintenance > 0 ? t('hub.sensors.maintenance', { count: health.maintenance }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <StatusLine
        testId={`service-sensors-${type}`}
        tone={problems === 0 ? 'quiet' : 'warn'}
        icon={<Icon name="sensors" size={16} />}
        text={
          problems === 0
            ? t('hub.sensors.allReporting', { count: health.total })
            : t('hub.sensors.reporting', { active: health.active, count: health.total })
        }
        detail={detail || undefined}
      />
    );
  }
  if (query.isError) {
    return (
      <QueryError
        message={t('hub.sensors.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Spinner />;
}

/**
 * A service run on a sensor network (water, power, waste, traffic): how the service is doing, from
 * its worst active alert in the city ("Warning: Power supply under strain near Salt Lake"), which
 * the alert events keep current; for operators and admins, whether its sensors report too.
 */
export function SensorServiceCard({ type }: { type: ServiceSensorType }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { allows } = useAuth();
  const staff = allows(canHandleAlerts);
  return (
    <ServiceCard
      icon={<ServiceIcon type={type} />}
      title={t(`hub.networks.${type}`)}
      link={staff ? PATHS.sensors : PATHS.alerts}
      linkLabel={staff ? t('hub.sensors.link') : t('hub.alerts.link')}
      testId={`service-card-${type}`}
    >
      <div className="space-y-3">
        <ServiceStatus type={type} residentView={!staff} />
        {staff ? <NetworkHealthLine type={type} /> : null}
      </div>
    </ServiceCard>
  );
}
