import { createRoute, z } from '@hono/zod-openapi';
import {
  BOOKING_ACTIONS,
  bookingListQuerySchema,
  bookingPageSchema,
  bookingSchema,
  bookingSummaryQuerySchema,
  bookingSummarySchema,
  bookingTransitionSchema,
  canDispatchBookings,
  createBookingSchema,
  dispatchBookingSchema,
  emergencyCatalogueQuerySchema,
  emergencyCatalogueSchema,
  idempotencyKeySchema,
  quoteRequestSchema,
  quoteSchema,
  type BookingAction,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { EmergencyService } from './emergency.service';

const bookingParams = z.object({ id: z.string().min(1).max(100) });

const bookingContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: bookingSchema } },
});

const catalogueRoute = createRoute({
  method: 'get',
  path: '/emergency/services',
  tags: ['Emergency'],
  summary: 'The emergency services with their fees, and the emergency numbers of a city',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: emergencyCatalogueQuerySchema },
  responses: {
    200: {
      description: 'The catalogue (Kolkata’s numbers unless a city is named)',
      content: { 'application/json': { schema: emergencyCatalogueSchema } },
    },
    400: errorContent('Unknown city'),
    401: errorContent('Not signed in'),
  },
});

const quoteRoute = createRoute({
  method: 'post',
  path: '/emergency/quote',
  tags: ['Emergency'],
  summary:
    'The fee of a booking, line by line: base × urgency multiplier + add-ons, × 1.20 when remote, plus 18 % GST',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: {
    body: { required: true, content: { 'application/json': { schema: quoteRequestSchema } } },
  },
  responses: {
    200: {
      description: 'The quote, in paise',
      content: { 'application/json': { schema: quoteSchema } },
    },
    400: errorContent('A field is invalid; `details` names each one'),
    401: errorContent('Not signed in'),
  },
});

const createBookingRoute = createRoute({
  method: 'post',
  path: '/emergency/bookings',
  tags: ['Emergency'],
  summary:
    'Books a service at the server’s quote and pays through the booking’s provider; an Idempotency-Key makes a retry book once',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: {
    headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
    body: { required: true, content: { 'application/json': { schema: createBookingSchema } } },
  },
  responses: {
    201: bookingContent('The new booking (confirmed, or payment_failed when the provider refused)'),
    200: bookingContent('The booking this Idempotency-Key and body made before'),
    400: errorContent('A field is invalid; `details` names each one, and nothing is stored'),
    401: errorContent('Not signed in'),
    409: errorContent('This Idempotency-Key was used with another body'),
  },
});

const listBookingsRoute = createRoute({
  method: 'get',
  path: '/emergency/bookings',
  tags: ['Emergency'],
  summary:
    'Bookings a page at a time: a citizen’s own, everyone’s for operators and admins; newest first, or order=queue',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: bookingListQuerySchema },
  responses: {
    200: {
      description: 'A page of bookings; nextCursor asks for the next page',
      content: { 'application/json': { schema: bookingPageSchema } },
    },
    400: errorContent('A filter or the cursor is invalid'),
    401: errorContent('Not signed in'),
  },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/emergency/bookings/summary',
  tags: ['Emergency'],
  summary:
    'How many bookings are open, in all and per status: the caller’s own, or a city’s for operators and admins',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: bookingSummaryQuerySchema },
  responses: {
    200: {
      description: 'The open bookings, counted in all and per status',
      content: { 'application/json': { schema: bookingSummarySchema } },
    },
    400: errorContent('Unknown city'),
    401: errorContent('Not signed in'),
  },
});

const getBookingRoute = createRoute({
  method: 'get',
  path: '/emergency/bookings/{id}',
  tags: ['Emergency'],
  summary: 'One booking with every change of its status',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { params: bookingParams },
  responses: {
    200: bookingContent('The booking'),
    401: errorContent('Not signed in'),
    404: errorContent('No such booking, or another person’s'),
  },
});

function transitionRoute(action: BookingAction) {
  const byOperations = action !== 'cancel';
  return createRoute({
    method: 'post',
    path: `/emergency/bookings/{id}/${action}`,
    tags: ['Emergency'],
    summary: byOperations
      ? `${action[0]!.toUpperCase()}${action.slice(1)}s a booking (operator, admin)`
      : 'Cancels a booking: its owner before dispatch, operators and admins before completion',
    security: SIGNED_IN_SECURITY,
    middleware: byOperations ? requirePolicy(canDispatchBookings) : requireUser,
    request: {
      params: bookingParams,
      body: {
        required: false,
        content: {
          'application/json': {
            schema: action === 'dispatch' ? dispatchBookingSchema : bookingTransitionSchema,
          },
        },
      },
    },
    responses: {
      200: bookingContent('The booking, with this change in its history'),
      400: errorContent('A field is invalid'),
      401: errorContent('Not signed in'),
      ...(byOperations ? { 403: errorContent('Only operators and admins do this') } : {}),
      404: errorContent('No such booking, or another person’s'),
      409: errorContent('The booking is not in a status this action starts from'),
    },
  });
}

export function emergencyRoutes(emergency: EmergencyService) {
  let router = createRouter()
    .openapi(catalogueRoute, (c) => c.json(emergency.catalogue(c.req.valid('query').city), 200))
    .openapi(quoteRoute, (c) => c.json(emergency.quote(c.req.valid('json')), 200))
    .openapi(createBookingRoute, async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const { booking, replayed } = await emergency.create(c.req.valid('json'), c.get('user'), key);
      if (replayed) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(booking, 200);
      }
      return c.json(booking, 201);
    })
    .openapi(listBookingsRoute, async (c) =>
      c.json(await emergency.list(c.req.valid('query'), c.get('user')), 200),
    )
    // Before /{id}, which would otherwise take "summary" for an id.
    .openapi(summaryRoute, async (c) =>
      c.json(await emergency.summary(c.get('user'), c.req.valid('query').city), 200),
    )
    .openapi(getBookingRoute, async (c) =>
      c.json(await emergency.get(c.req.valid('param').id, c.get('user')), 200),
    );
  for (const action of BOOKING_ACTIONS) {
    router = router.openapi(transitionRoute(action), async (c) => {
      const body = (c.req.valid('json') as Record<string, never> | undefined) ?? {};
      const booking = await emergency.transition(
        c.req.valid('param').id,
        action,
        c.get('user'),
        body,
      );
      return c.json(booking, 200);
    });
  }
  return router;
}
