import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { BookingAction } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, request } from '../../lib/api-client';
import { bookingQueryKey, patchBookingDetail } from './booking-query';
import { patchListedBooking, refreshBookingLists } from './bookings-query';
import { refreshStatements } from './statement-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

interface BookingTransitionInput {
  bookingId: string;
  action: BookingAction;
  /** Sent only when given. */
  note?: string;
  unit?: string;
  etaMinutes?: number;
}

/** POST /api/emergency/bookings/:id/confirm|dispatch|start|complete|cancel. */
async function postBookingTransition({ bookingId, action, ...fields }: BookingTransitionInput) {
  const body = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
  );
  return request(EMERGENCY_ENDPOINTS[action], { params: { id: bookingId }, body });
}

/**
 * Moves a booking on. The booking changes in place at once and the lists and statements load
 * again; a refusal because someone else moved it first (409) reloads them too, so the screen
 * shows where it really is.
 */
export function useBookingTransition() {
  const queryClient = useQueryClient();
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const reload = (bookingId: string) =>
    Promise.all([
      refreshBookingLists(queryClient),
      refreshStatements(queryClient),
      queryClient.invalidateQueries({ queryKey: bookingQueryKey(bookingId) }),
    ]);
  return useMutation({
    mutationFn: postBookingTransition,
    onSuccess: async (booking, { action }) => {
      patchBookingDetail(queryClient, booking);
      patchListedBooking(queryClient, booking);
      toast.success(t(`emergency.done.${action}`), { id: `booking-${action}-${booking.id}` });
      await reload(booking.id);
    },
    onError: async (error, { bookingId }) => {
      if (error instanceof ApiRequestError && error.status === 409) await reload(bookingId);
    },
  });
}
