import type { z } from 'zod';
import {
  bookingListQuerySchema,
  bookingPageSchema,
  bookingSchema,
  bookingSummaryQuerySchema,
  bookingSummarySchema,
  bookingTransitionSchema,
  createBookingSchema,
  dispatchBookingSchema,
  type BookingAction,
} from './bookings';
import {
  emergencyCatalogueQuerySchema,
  emergencyCatalogueSchema,
  quoteRequestSchema,
  quoteSchema,
} from './emergency';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canDispatchBookings } from './policies';
import { idempotencyHeadersSchema } from './requests';

const BOOKING_ERRORS = {
  404: 'No such booking, or another person’s',
  409: 'The booking is not in a status this action starts from',
} as const;

/** One step of a booking's lifecycle, with an optional note (and for a dispatch, the unit). */
function bookingStep<A extends BookingAction, X extends Endpoint['access'], B extends z.ZodType>(
  action: A,
  summary: string,
  access: X,
  body: B,
) {
  return {
    method: 'post',
    path: `/api/emergency/bookings/{id}/${action}`,
    summary,
    tags: ['Emergency'],
    access,
    params: idParamsSchema,
    body,
    bodyOptional: true,
    status: 200,
    response: bookingSchema,
    description: 'The booking, with this change in its history',
    errors: BOOKING_ERRORS,
  } as const satisfies Endpoint;
}

/** Emergency services: the catalogue and its fees, and bookings through their lifecycle. */
export const EMERGENCY_ENDPOINTS = {
  catalogue: {
    method: 'get',
    path: '/api/emergency/services',
    summary: 'The emergency services with their fees, and the emergency numbers of a city',
    tags: ['Emergency'],
    access: 'signed-in',
    query: emergencyCatalogueQuerySchema,
    status: 200,
    response: emergencyCatalogueSchema,
    description: 'The catalogue (Kolkata’s numbers unless a city is named)',
  },
  quote: {
    method: 'post',
    path: '/api/emergency/quote',
    summary:
      'The fee of a booking, line by line: base × urgency multiplier + add-ons, × 1.20 when remote, plus 18 % GST',
    tags: ['Emergency'],
    access: 'signed-in',
    body: quoteRequestSchema,
    status: 200,
    response: quoteSchema,
    description: 'The quote, in paise',
  },
  create: {
    method: 'post',
    path: '/api/emergency/bookings',
    summary:
      'Books a service at the server’s quote and pays through the booking’s provider; an Idempotency-Key makes a retry book once',
    tags: ['Emergency'],
    access: 'signed-in',
    headers: idempotencyHeadersSchema,
    body: createBookingSchema,
    status: 201,
    response: bookingSchema,
    description: 'The new booking (confirmed, or payment_failed when the provider refused)',
    alsoStatus: {
      status: 200,
      description: 'The booking this Idempotency-Key and body made before',
    },
    errors: { 409: 'This Idempotency-Key was used with another body' },
  },
  list: {
    method: 'get',
    path: '/api/emergency/bookings',
    summary:
      'Bookings a page at a time: a citizen’s own, everyone’s for operators and admins; newest first, or order=queue',
    tags: ['Emergency'],
    access: 'signed-in',
    query: bookingListQuerySchema,
    status: 200,
    response: bookingPageSchema,
    description: 'A page of bookings; nextCursor asks for the next page',
  },
  summary: {
    method: 'get',
    path: '/api/emergency/bookings/summary',
    summary:
      'How many bookings are open, in all and per status: the caller’s own, or a city’s for operators and admins',
    tags: ['Emergency'],
    access: 'signed-in',
    query: bookingSummaryQuerySchema,
    status: 200,
    response: bookingSummarySchema,
    description: 'The open bookings, counted in all and per status',
  },
  get: {
    method: 'get',
    path: '/api/emergency/bookings/{id}',
    summary: 'One booking with every change of its status',
    tags: ['Emergency'],
    access: 'signed-in',
    params: idParamsSchema,
    status: 200,
    response: bookingSchema,
    description: 'The booking',
    errors: { 404: BOOKING_ERRORS[404] },
  },
  confirm: bookingStep(
    'confirm',
    'Confirms a booking (operator, admin)',
    canDispatchBookings,
    bookingTransitionSchema,
  ),
  dispatch: bookingStep(
    'dispatch',
    'Dispatches a booking, with the unit sent and its ETA (operator, admin)',
    canDispatchBookings,
    dispatchBookingSchema,
  ),
  start: bookingStep(
    'start',
    'Starts a booking (operator, admin)',
    canDispatchBookings,
    bookingTransitionSchema,
  ),
  complete: bookingStep(
    'complete',
    'Completes a booking (operator, admin)',
    canDispatchBookings,
    bookingTransitionSchema,
  ),
  cancel: bookingStep(
    'cancel',
    'Cancels a booking: its owner before dispatch, operators and admins before completion',
    'signed-in',
    bookingTransitionSchema,
  ),
} as const satisfies Record<string, Endpoint>;
