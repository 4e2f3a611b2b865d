import type { SensorCounts, SensorType } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Icon, ServiceIcon } from '../../components/icon';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { useCity } from '../../lib/city/city-context';
import { PATHS } from '../../lib/paths';
import { useSensorCounts } from '../../lib/sensors/sensor-counts-query';
import { ServiceCard, StatusLine } from './service-card';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** The sensor types whose network is a city service of its own. */
export type ServiceSensorType = Extract<SensorType, 'water' | 'energy' | 'waste' | 'traffic'>;

export interface NetworkHealth {
  total: number;
  active: number;
  offline: number;
  maintenance: number;
}

/** How a type's sensors stand, from the server's counts of that type. */
export function networkHealth(counts: SensorCounts): NetworkHealth {
  return {
    total: counts.total,
    active: counts.byStatus.active ?? 0,
    offline: counts.byStatus.offline ?? 0,
    maintenance: counts.byStatus.maintenance ?? 0,
  };
}

/**
 * A service run on a sensor network (water, power, waste, traffic): whether its sensors report,
 * from the server's counts of that type in the city, which status events keep current.
 */
export function SensorServiceCard({ type }: { type: ServiceSensorType }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey } = useCity();
  const query = useSensorCounts(cityKey, { type });
  const health = query.data ? networkHealth(query.data) : undefined;

  let body;
  if (health) {
    if (health.total === 0) {
      body = (
        <StatusLine
          tone="quiet"
          icon={<Icon name="sensors" size={16} />}
          text={t('hub.sensors.none')}
        />
      );
    } else {
      const problems = health.total - health.active;
      const detail = [
        health.offline > 0 ? t('hub.sensors.offline', { count: health.offline }) : null,
        health.maintenance > 0 ? t('hub.sensors.maintenance', { count: health.maintenance }) : null,
      ]
        .filter(Boolean)
        .join(' · ');
      body = (
        <StatusLine
          testId={`service-status-${type}`}
          tone={problems === 0 ? 'good' : health.offline > 0 ? 'bad' : 'warn'}
          icon={
            problems === 0 ? (
              <Icon name="shield" size={16} />
            ) : (
              <Icon name="alert-circle" size={16} />
            )
          }
          text={
            problems === 0
              ? t('hub.sensors.allReporting', { count: health.total })
              : t('hub.sensors.reporting', { active: health.active, count: health.total })
          }
          detail={detail || undefined}
        />
      );
    }
  } else if (query.isError) {
    body = (
      <QueryError
        message={t('hub.sensors.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = <Spinner />;
  }

  return (
    <ServiceCard
      icon={<ServiceIcon type={type} />}
      title={t(`hub.networks.${type}`)}
      link={PATHS.sensors}
      linkLabel={t('hub.sensors.link')}
      testId={`service-card-${type}`}
    >
      {body}
    </ServiceCard>
  );
}
