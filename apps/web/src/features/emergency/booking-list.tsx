import type { Booking } from '@smart-city/shared';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { LoadingScreen } from '../../components/loading-screen';
import { QueryError } from '../../components/query-states';
import type { BookingPage } from '@smart-city/shared';
import { bookingsOf } from './bookings-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/**
 * A list of bookings from a paged query: its loading, error and empty states, each booking drawn
 * by `renderBooking`, and Show more while the server has another page.
 */
export function BookingList({
  query,
  errorMessage,
  empty,
  renderBooking,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<BookingPage>>;
  errorMessage: string;
  empty: ReactNode;
  renderBooking: (booking: Booking) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  if (query.isPending) return <LoadingScreen />;
  if (query.isError && !query.data) {
    return (
      <QueryError
        message={errorMessage}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId={`${testId}-error`}
      />
    );
  }
  const bookings = bookingsOf(query.data);
  if (bookings.length === 0) return <div data-testid={`${testId}-empty`}>{empty}</div>;
  return (
    <div aria-busy={query.isFetching || undefined}>
      <ul data-testid={testId} className="space-y-3">
        {bookings.map((booking) => (
          <li key={booking.id}>{renderBooking(booking)}</li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            className={secondaryButton}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid={`${testId}-more`}
          >
            {query.isFetchingNextPage ? t('translation:app.loading') : t('emergency.list.showMore')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
