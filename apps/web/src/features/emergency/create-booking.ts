import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { Booking, CreateBookingInput } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { request } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { bookingQueryKey } from './booking-query';
import { refreshBookingLists } from './bookings-query';
import { refreshStatements } from './statement-query';

/** POST /api/emergency/bookings with an Idempotency-Key. */
async function postBooking(body: CreateBookingInput, key: string): Promise<Booking> {
  return request(EMERGENCY_ENDPOINTS.create, { body }, { headers: { 'Idempotency-Key': key } });
}

/**
 * Books a service. The same body sent again (a double click, a retry after the connection
 * dropped) goes with the same Idempotency-Key, so the server books it once; a changed body gets a
 * new key. The new booking goes into the cache before anyone navigates to it.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: CreateBookingInput) => {
      const serialised = JSON.stringify(body);
      if (lastAttempt.current?.body !== serialised) {
        lastAttempt.current = { body: serialised, key: newIdempotencyKey() };
      }
      return postBooking(body, lastAttempt.current.key);
    },
    onSuccess: async (booking) => {
      queryClient.setQueryData(bookingQueryKey(booking.id), booking);
      await Promise.all([refreshBookingLists(queryClient), refreshStatements(queryClient)]);
    },
  });
}
