import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { BookingSummary, CityKey } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

/** The root of the services screen's booking counts. */
const BOOKING_SUMMARY_KEY = ['services', 'booking-summary'] as const;

/** GET /api/emergency/bookings/summary?city=: the reader's own counts, or the city's for operations. */
function fetchBookingSummary(city: CityKey, signal?: AbortSignal): Promise<BookingSummary> {
  return request(EMERGENCY_ENDPOINTS.summary, { query: { city } }, { signal });
}

function bookingSummaryQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...BOOKING_SUMMARY_KEY, city] as const,
    queryFn: ({ signal }) => fetchBookingSummary(city, signal),
  });
}

export function useBookingSummary(city: CityKey) {
  return useQuery(bookingSummaryQueryOptions(city));
}

/** The counts on screen load again. */
export function refreshBookingSummaries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: BOOKING_SUMMARY_KEY });
}

/** Drops every count (signing out). */
export function forgetBookingSummaries(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: BOOKING_SUMMARY_KEY });
}
