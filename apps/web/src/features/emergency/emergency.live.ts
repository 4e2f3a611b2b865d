import type { Booking } from '@smart-city/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveModule } from '../../lib/live/live-module';
import { patchBookingDetail } from './booking-query';
import { patchListedBooking, refreshBookingLists } from './bookings-query';
import { EMERGENCY_KEY } from './emergency-keys';
import { refreshStatements } from './statement-query';

/**
 * A booking event changes the booking in place at once (its detail and every list that holds it),
 * then the lists load again, since a booking may have joined or left one (the dispatch queue, a
 * status filter), and so do the statements, which a cancellation changes.
 */
function applyBooking(booking: Booking, queryClient: QueryClient) {
  patchBookingDetail(queryClient, booking);
  patchListedBooking(queryClient, booking);
  void refreshBookingLists(queryClient);
  void refreshStatements(queryClient);
}

/** The emergency screens follow the bookings of their reader (and, for operations, of the city). */
export const emergencyLive: LiveModule = {
  name: 'emergency',
  handlers: {
    'booking:created': (booking, { queryClient }) => applyBooking(booking, queryClient),
    'booking:updated': (booking, { queryClient }) => applyBooking(booking, queryClient),
  },
  resync: ({ queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: [...EMERGENCY_KEY, 'bookings'] });
    void refreshStatements(queryClient);
  },
  forget: (queryClient) => queryClient.removeQueries({ queryKey: EMERGENCY_KEY }),
};
