import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { Booking, BookingPage, BookingStatusFilter, CityKey } from '@smart-city/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { patchQueries } from '../../lib/live/patch-query';
import { BOOKING_LISTS_KEY } from './emergency-keys';

/** Which bookings a list shows: the person's own (newest first), or a city's dispatch queue. */
export type BookingListRequest =
  { view: 'mine'; status: BookingStatusFilter | 'all' } | { view: 'queue'; city: CityKey };

/** Bookings a page asks for. */
const BOOKING_PAGE_SIZE = 20;

function queryOf(list: BookingListRequest, cursor: string | null) {
  const page = { limit: BOOKING_PAGE_SIZE, cursor: cursor ?? undefined };
  if (list.view === 'queue') {
    return { ...page, order: 'queue', status: 'open', city: list.city } as const;
  }
  // Staff book too: their own list must not be the whole city's.
  return {
    ...page,
    owner: 'me',
    status: list.status === 'all' ? undefined : list.status,
  } as const;
}

/** GET /api/emergency/bookings: one page (the server keeps a citizen to their own bookings). */
function fetchBookingPage(
  list: BookingListRequest,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BookingPage> {
  return request(EMERGENCY_ENDPOINTS.list, { query: queryOf(list, cursor) }, { signal });
}

function bookingsQueryOptions(list: BookingListRequest) {
  return infiniteQueryOptions({
    queryKey: [...BOOKING_LISTS_KEY, list] as const,
    queryFn: ({ pageParam, signal }) => fetchBookingPage(list, pageParam, signal),
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
