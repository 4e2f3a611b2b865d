import { BILLING_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { BillingService } from './billing.service';

export function billingRoutes(billing: BillingService) {
  return createRouter()
    .openapi(routeOf(BILLING_ENDPOINTS.statement), async (c) => {
      const month = c.req.valid('query').month ?? billing.currentMonth();
      return c.json(await billing.statement(c.get('user').id, month), 200);
    })
    .openapi(routeOf(BILLING_ENDPOINTS.overview), async (c) => {
      const month = c.req.valid('query').month ?? billing.currentMonth();
      return c.json(await billing.overview(month), 200);
    });
}
