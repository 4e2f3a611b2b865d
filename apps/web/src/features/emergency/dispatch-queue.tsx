import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { StatusIcon } from '../../components/status-icon';
import { useCity } from '../../lib/city/city-context';
import { BookingCard } from './booking-card';
import { BookingList } from './booking-list';
import { BookingMiniMap } from './booking-mini-map';
import { useBookings } from './bookings-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/**
 * The dispatch queue of the selected city: its open bookings, most urgent first and, within an
 * urgency, the longest waiting first, kept current by the live booking events.
 */
export function DispatchQueue() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey, city } = useCity();
  const query = useBookings({ view: 'queue', city: cityKey });
  const name = city?.name ?? '';

  return (
    <section aria-labelledby="dispatch-title" className="space-y-4">
      <div>
        <h2 id="dispatch-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('emergency.dispatch.title', { city: name })}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('emergency.truth.dispatch.intro', { city: name })}
        </p>
      </div>
      <BookingList
        query={query}
        testId="dispatch-queue"
        errorMessage={t('emergency.dispatch.loadFailed')}
        empty={
          <EmptyState
            icon={<StatusIcon status="success" size={24} />}
            title={t('emergency.dispatch.empty', { city: name })}
          />
        }
        renderBooking={(booking) => (
          <BookingCard booking={booking} operations aside={<BookingMiniMap booking={booking} />} />
        )}
      />
    </section>
  );
}
