import { createRoute } from '@hono/zod-openapi';
import { homeQuerySchema, homeSummarySchema } from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { HomeService } from './home.service';

const getHomeRoute = createRoute({
  method: 'get',
  path: '/home',
  tags: ['Home'],
  summary:
    'What affects the signed-in person now, in their area of the city or the whole city: air, water supply, traffic, alerts near them, notices and the numbers to call',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: homeQuerySchema },
  responses: {
    200: {
      description: 'The summary',
      content: { 'application/json': { schema: homeSummarySchema } },
    },
    400: errorContent('Unknown or missing city'),
    401: errorContent('Not signed in'),
  },
});

export function homeRoutes(home: HomeService) {
  return createRouter().openapi(getHomeRoute, async (c) => {
    // It follows the person's own area, so no shared cache may keep it.
    c.header('Cache-Control', 'private, no-store');
    const { city } = c.req.valid('query');
    return c.json(await home.summary(city, c.get('user').id), 200);
  });
}
