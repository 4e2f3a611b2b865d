import { BOOKING_ACTIONS, EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { EmergencyService } from './emergency.service';

export function emergencyRoutes(emergency: EmergencyService) {
  let router = createRouter()
    .openapi(routeOf(EMERGENCY_ENDPOINTS.catalogue), (c) =>
      c.json(emergency.catalogue(c.req.valid('query').city), 200),
    )
    .openapi(routeOf(EMERGENCY_ENDPOINTS.quote), (c) =>
      c.json(emergency.quote(c.req.valid('json')), 200),
    )
    .openapi(routeOf(EMERGENCY_ENDPOINTS.create), async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const { booking, replayed } = await emergency.create(c.req.valid('json'), c.get('user'), key);
      if (replayed) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(booking, 200);
      }
      return c.json(booking, 201);
    })
    .openapi(routeOf(EMERGENCY_ENDPOINTS.list), async (c) =>
      c.json(await emergency.list(c.req.valid('query'), c.get('user')), 200),
    )
    // Before /{id}, which would otherwise take "summary" for an id.
    .openapi(routeOf(EMERGENCY_ENDPOINTS.summary), async (c) =>
      c.json(await emergency.summary(c.get('user'), c.req.valid('query').city), 200),
    )
    .openapi(routeOf(EMERGENCY_ENDPOINTS.get), async (c) =>
      c.json(await emergency.get(c.req.valid('param').id, c.get('user')), 200),
    );
  for (const action of BOOKING_ACTIONS) {
    router = router.openapi(routeOf(EMERGENCY_ENDPOINTS[action]), async (c) => {
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
