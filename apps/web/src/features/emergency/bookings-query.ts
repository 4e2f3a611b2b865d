import { bookingPageSchema } from '@smart-city/shared';
import type { Booking, BookingPage, BookingStatusFilter, CityKey } from '@smart-city/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { patchQueries } from '../../lib/live/patch-query';
import { BOOKING_LISTS_KEY } from './emergency-keys';

/** Which bookings a list shows: the person's own (newest first), or a city's dispatch queue. */
export type BookingListRequest =
  { view: 'mine'; status: BookingStatusFilter | 'all' } | { view: 'queue'; city: CityKey };

/** Bookings a page asks for. */
const BOOKING_PAGE_SIZE = 20;

function paramsOf(request: BookingListRequest, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(BOOKING_PAGE_SIZE) });
  if (request.view === 'queue') {
    params.set('order', 'queue');
    params.set('status', 'open');
    params.set('city', request.city);
  } else {
    // Staff book too: their own list must not be the whole city's.
    params.set('owner', 'me');
    if (request.status !== 'all') params.set('status', request.status);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /api/emergency/bookings: one page (the server keeps a citizen to their own bookings). */
function fetchBookingPage(
  request: BookingListRequest,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BookingPage> {
  return apiGet(
    `/api/emergency/bookings?${paramsOf(request, cursor).toString()}`,
    bookingPageSchema,
    signal,
  );
}

function bookingsQueryOptions(request: BookingListRequest) {
  return infiniteQueryOptions({
    queryKey: [...BOOKING_LISTS_KEY, request] as const,
    queryFn: ({ pageParam, signal }) => fetchBookingPage(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** A list of bookings a page at a time; `fetchNextPage` adds the next. */
export function useBookings(request: BookingListRequest) {
  return useInfiniteQuery(bookingsQueryOptions(request));
}

/** Every booking of the pages loaded so far. */
export function bookingsOf(data: InfiniteData<BookingPage> | undefined): Booking[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** Puts a newer copy of a booking into every loaded list that holds it. */
export function patchListedBooking(queryClient: QueryClient, booking: Booking) {
  patchQueries<InfiniteData<BookingPage>>(queryClient, BOOKING_LISTS_KEY, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === booking.id && item.updatedAt <= booking.updatedAt ? booking : item,
      ),
    })),
  }));
}

/** Marks every list stale: those on screen load again (a booking may have joined or left one). */
export function refreshBookingLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: BOOKING_LISTS_KEY });
}
