import { describe, expect, it } from 'vitest';
import {
  bookingActionsFor,
  bookingCapacityOf,
  canCancelBooking,
  type BookingStatus,
} from './bookings';

const owner = { id: 'u-owner', role: 'citizen' as const };
const neighbour = { id: 'u-other', role: 'citizen' as const };
const operator = { id: 'u-op', role: 'operator' as const };
const admin = { id: 'u-admin', role: 'admin' as const };
const booking = (status: BookingStatus) => ({ owner: { id: owner.id }, status });

describe('who may do what to a booking', () => {
  it('lets its owner and operations staff see it, and nobody else', () => {
    expect(bookingCapacityOf(owner, booking('confirmed'))).toBe('owner');
    expect(bookingCapacityOf(operator, booking('confirmed'))).toBe('operations');
    expect(bookingCapacityOf(admin, booking('confirmed'))).toBe('operations');
    expect(bookingCapacityOf(neighbour, booking('confirmed'))).toBeNull();
  });

  it('lets the owner cancel until a unit is on its way, and operations until the job is done', () => {
    for (const status of ['pending_payment', 'confirmed'] as const) {
      expect(canCancelBooking(owner, booking(status))).toBe(true);
    }
    for (const status of ['dispatched', 'in_progress', 'completed', 'cancelled'] as const) {
      expect(canCancelBooking(owner, booking(status))).toBe(false);
    }
    for (const status of ['pending_payment', 'confirmed', 'dispatched', 'in_progress'] as const) {
      expect(canCancelBooking(operator, booking(status))).toBe(true);
    }
    expect(canCancelBooking(operator, booking('completed'))).toBe(false);
    expect(canCancelBooking(neighbour, booking('pending_payment'))).toBe(false);
  });

  it('offers operations each action whose rule starts at the status, the owner only cancel', () => {
    expect(bookingActionsFor('operations', 'pending_payment')).toEqual(['confirm', 'cancel']);
    expect(bookingActionsFor('operations', 'confirmed')).toEqual(['dispatch', 'cancel']);
    expect(bookingActionsFor('operations', 'dispatched')).toEqual(['start', 'cancel']);
    expect(bookingActionsFor('operations', 'in_progress')).toEqual(['complete', 'cancel']);
    expect(bookingActionsFor('operations', 'completed')).toEqual([]);
    expect(bookingActionsFor('owner', 'confirmed')).toEqual(['cancel']);
    expect(bookingActionsFor('owner', 'dispatched')).toEqual([]);
  });
});
