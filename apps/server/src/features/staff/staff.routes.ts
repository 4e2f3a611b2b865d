import { createRoute } from '@hono/zod-openapi';
import { canHandleAlerts, staffListSchema } from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requirePolicy } from '../../auth/policies';
import { errorContent, jsonContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { StaffService } from './staff.service';

const listStaffRoute = createRoute({
  method: 'get',
  path: '/staff',
  tags: ['Alerts'],
  summary:
    'Every active operator and admin: who can take an alert or be mentioned (operator, admin)',
  security: SIGNED_IN_SECURITY,
  middleware: requirePolicy(canHandleAlerts),
  responses: {
    200: jsonContent('The operators and admins, by name', staffListSchema),
    401: errorContent('Not signed in'),
    403: errorContent('Only operators and admins see the staff'),
  },
});

export function staffRoutes(staff: StaffService) {
  return createRouter().openapi(listStaffRoute, async (c) =>
    c.json({ items: await staff.list() }, 200),
  );
}
