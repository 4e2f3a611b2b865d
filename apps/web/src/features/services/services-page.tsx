import { canDispatchBookings } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { TimeAgo } from '../../components/time-ago';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { useLatestNotice } from '../../lib/notices/use-latest-notice';
import { noticePath, PATHS } from '../../lib/paths';
import { useBookingSummary } from './booking-summary-query';
import { SensorServiceCard } from './sensor-service-card';
import { ServiceCard, StatusLine } from './service-card';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { servicesLive as liveModule } from './services.live';

/** Emergency services: open bookings (the reader's own, or the city's for operations). */
function EmergencyCard() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey, city } = useCity();
  const { allows } = useAuth();
  const operations = allows(canDispatchBookings);
  const query = useBookingSummary(cityKey);
  const open = query.data?.open;

  return (
    <ServiceCard
      icon={<Icon name="emergency" />}
      title={t('hub.emergency.title')}
      link={PATHS.emergency}
      linkLabel={t('hub.emergency.link')}
      testId="service-card-emergency"
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t('hub.emergency.body')}</p>
      {open !== undefined ? (
        <StatusLine
          testId="service-status-emergency"
          tone={open === 0 ? 'quiet' : 'warn'}
          icon={<Icon name={open === 0 ? 'clock' : 'truck'} size={16} />}
          text={
            operations
              ? t('hub.emergency.openInCity', { count: open, city: city?.name ?? '' })
              : t('hub.emergency.openMine', { count: open })
          }
        />
      ) : query.isError ? (
        <QueryError
          message={t('hub.emergency.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Spinner />
      )}
    </ServiceCard>
  );
}

/** City notices: the newest one, live. */
function NoticesCard() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { notice, isLoading, isOffline, retry } = useLatestNotice();
  let body;
  if (notice) {
    body = (
      <div data-testid="service-status-notices">
        <p className="text-sm font-semibold text-slate-900 dark:text-white">{notice.title}</p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
          {notice.content}
        </p>
        <TimeAgo
          iso={notice.createdAt}
          className="mt-1 block text-xs text-slate-600 dark:text-slate-400"
        />
      </div>
    );
  } else if (isLoading) {
    body = <Spinner />;
  } else if (isOffline) {
    body = <QueryError message={t('hub.notices.loadFailed')} onRetry={retry} />;
  } else {
    body = (
      <StatusLine
        tone="quiet"
        icon={<Icon name="notices" size={16} />}
        text={t('hub.notices.none')}
      />
    );
  }
  return (
    <ServiceCard
      icon={<Icon name="notices" />}
      title={t('hub.notices.title')}
      link={notice ? noticePath(notice.id) : PATHS.notices}
      linkLabel={notice ? t('hub.notices.read') : t('hub.notices.link')}
      testId="service-card-notices"
    >
      {body}
    </ServiceCard>
  );
}

/**
 * The city's services as cards, each with its live status from real data (bookings, the sensor
 * networks, the newest notice) and a link on to its screen.
 */
export function ServicesPage() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { city } = useCity();
  return (
    <>
      <PageHeader title={t('signedIn:screens.services.title')} />
      <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
        {t('hub.intro', { city: city?.name ?? '' })}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="service-cards">
        <EmergencyCard />
        <SensorServiceCard type="water" />
        <SensorServiceCard type="energy" />
        <SensorServiceCard type="waste" />
        <SensorServiceCard type="traffic" />
        <NoticesCard />
      </div>
    </>
  );
}
