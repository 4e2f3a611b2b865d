import { canDispatchBookings } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { QueryContent } from '../../components/query-states';
import { Tabs } from '../../components/tabs';
import type { TabItem } from '../../components/tabs';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { BookingForm } from './booking-form';
import { useCatalogue } from './catalogue-query';
import { EmergencyNumbers } from './emergency-numbers';
import { MyBookings } from './my-bookings';
import { PATHS } from '../../lib/paths';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { emergencyLive as liveModule } from './emergency.live';

type Tab = 'book' | 'mine';

/**
 * The emergency screen: call-first notice and the city's numbers, then Book Service and My
 * Bookings (the reader's own, whatever their role). Dispatch and Billing are staff pages of their
 * own. The tab is kept in the address (`?tab=`).
 */
export function EmergencyPage() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey, city } = useCity();
  const { allows } = useAuth();
  const operations = allows(canDispatchBookings);
  const catalogue = useCatalogue(cityKey);
  const [params, setParams] = useSearchParams();

  const tabs: TabItem<Tab>[] = [
    { key: 'book', label: t('emergency.tabs.book'), icon: <Icon name="emergency" size={16} /> },
    { key: 'mine', label: t('emergency.tabs.mine'), icon: <Icon name="receipt" size={16} /> },
  ];
  const asked = params.get('tab');
  // Dispatch was a tab here once; its old links lead to its own page.
  if (asked === 'dispatch' && operations) return <Navigate to={PATHS.dispatch} replace />;
  const selected = tabs.find((tab) => tab.key === asked)?.key ?? 'book';
  const select = (tab: Tab) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('signedIn:screens.emergency.title')} />
      <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
        {t('emergency.intro', { city: city?.name ?? '' })}
      </p>
      <QueryContent
        query={catalogue}
        errorMessage={t('emergency.catalogueFailed')}
        errorTestId="catalogue-error"
      >
        {(data) => (
          <>
            <EmergencyNumbers catalogue={data} cityName={city?.name ?? ''} />
            <Tabs
              label={t('emergency.tabs.label')}
              tabs={tabs}
              selected={selected}
              onSelect={select}
              testId="emergency-tab"
            >
              {selected === 'book' ? <BookingForm catalogue={data} /> : null}
              {selected === 'mine' ? <MyBookings /> : null}
            </Tabs>
          </>
        )}
      </QueryContent>
    </>
  );
}
