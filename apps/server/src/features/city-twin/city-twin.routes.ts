import { createRoute } from '@hono/zod-openapi';
import { cityTwinQuerySchema, cityTwinSchema } from '@smart-city/shared';
import { SIGNED_IN_SECURITY } from '../../auth/openapi-security';
import { requireUser } from '../../auth/policies';
import { errorContent } from '../../http/errors';
import { createRouter } from '../../http/router';
import type { CityTwinService } from './city-twin.service';

const cityTwinRoute = createRoute({
  method: 'get',
  path: '/city-twin',
  tags: ['City twin'],
  summary: "Every sensor of a city as columns, with the city's active alerts, for its 3D twin",
  description:
    'One entry per sensor in each column of `sensors` (in id order): place, type, status, latest ' +
    'value and the value at which it turns critical. Unlike the sensor list it is not paged or ' +
    'capped: the twin draws the whole registry, so each field is named once, not once per sensor.',
  security: SIGNED_IN_SECURITY,
  middleware: requireUser,
  request: { query: cityTwinQuerySchema },
  responses: {
    200: {
      description: 'The twin',
      content: { 'application/json': { schema: cityTwinSchema } },
    },
    400: errorContent('The city is missing or unknown'),
    401: errorContent('Not signed in'),
  },
});

export function cityTwinRoutes(cityTwin: CityTwinService) {
  return createRouter().openapi(cityTwinRoute, async (c) =>
    c.json(await cityTwin.twin(c.req.valid('query').city), 200),
  );
}
