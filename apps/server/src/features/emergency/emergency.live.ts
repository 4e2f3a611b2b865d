import { canDispatchBookings, ROLES, type Booking } from '@smart-city/shared';
import type { LiveAudience } from '../../live/live-route';
import type { LiveRoute } from '../../live/live-route';

const OPERATIONS_ROLES = ROLES.filter((role) => canDispatchBookings(role));

/**
 * A booking's changes go at once to every connection of the person who booked it (whatever city
 * they follow) and to the operations staff following the booking's city; other citizens of the
 * city never see it.
 */
function audienceOf(booking: Booking): LiveAudience[] {
  return [{ user: booking.owner.id }, { city: booking.city, roles: OPERATIONS_ROLES }];
}

export const emergencyLiveRoutes: LiveRoute[] = [
  { event: 'booking:created', audience: audienceOf },
  { event: 'booking:updated', audience: audienceOf },
];
