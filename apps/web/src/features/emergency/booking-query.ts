import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { Booking } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { patchQuery } from '../../lib/live/patch-query';
import { BOOKING_DETAIL_KEY } from './emergency-keys';

/** While a payment is still open the screen asks again this often, live events or not. */
const PENDING_POLL_MS = 3_000;

export function bookingQueryKey(id: string) {
  return [...BOOKING_DETAIL_KEY, id] as const;
}

/** GET /api/emergency/bookings/:id: one booking with its history. */
function fetchBooking(id: string, signal?: AbortSignal): Promise<Booking> {
  return request(EMERGENCY_ENDPOINTS.get, { params: { id } }, { signal });
}

function bookingQueryOptions(id: string) {
  return queryOptions({
    queryKey: bookingQueryKey(id),
    queryFn: ({ signal }) => fetchBooking(id, signal),
    // A booking waiting for its payment is asked for again until it settles one way or the other.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending_payment' ? PENDING_POLL_MS : false,
  });
}

/** One booking, kept current by the live booking events (and polled while its payment is open). */
export function useBooking(id: string | null) {
  return useQuery({ ...bookingQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}

/** Puts a newer copy of a booking into its detail query, if one is cached. */
export function patchBookingDetail(queryClient: QueryClient, booking: Booking) {
  patchQuery<Booking>(queryClient, bookingQueryKey(booking.id), (cached) =>
    cached.updatedAt <= booking.updatedAt ? booking : cached,
  );
}
