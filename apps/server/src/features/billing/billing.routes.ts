import { createRoute } from '@hono/zod-openapi';
import {
  billingMonthQuerySchema,
  billingOverviewSchema,
  canViewBillingOverview,
  statementSchema,
} from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy, requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { BillingService } from './billing.service';

const statementRoute = createRoute({
  method: 'get',
  path: '/billing/statement',
  tags: ['Billing'],
  summary:
    "The caller's municipal account statement of a month (this month in UTC by default): one line per charged booking",
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: billingMonthQuerySchema },
  responses: {
    200: {
      description: 'The statement; its total is the sum of its lines',
      content: { 'application/json': { schema: statementSchema } },
    },
    400: errorContent('The month is not YYYY-MM'),
    401: errorContent('Not signed in'),
  },
});

const overviewRoute = createRoute({
  method: 'get',
  path: '/billing/overview',
  tags: ['Billing'],
  summary:
    "A month's revenue, charged bookings per service and urgency, and the accounts charged most (admin)",
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canViewBillingOverview),
  request: { query: billingMonthQuerySchema },
  responses: {
    200: {
      description: 'The overview',
      content: { 'application/json': { schema: billingOverviewSchema } },
    },
    400: errorContent('The month is not YYYY-MM'),
    401: errorContent('Not signed in'),
    403: errorContent('Only admins see the overview'),
  },
});

export function billingRoutes(billing: BillingService) {
  return createRouter()
    .openapi(statementRoute, async (c) => {
      const month = c.req.valid('query').month ?? billing.currentMonth();
      return c.json(await billing.statement(c.get('user').id, month), 200);
    })
    .openapi(overviewRoute, async (c) => {
      const month = c.req.valid('query').month ?? billing.currentMonth();
      return c.json(await billing.overview(month), 200);
    });
}
