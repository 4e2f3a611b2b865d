import { createRoute } from '@hono/zod-openapi';
import { cityListSchema } from '@smart-city/shared';
import type { CitiesService } from './cities.service';
import { createRouter } from '../../http/router';

const listCitiesRoute = createRoute({
  method: 'get',
  path: '/cities',
  tags: ['Cities'],
  summary: 'The cities the platform serves, with their map frame and colours',
  responses: {
    200: { description: 'Every city', content: { 'application/json': { schema: cityListSchema } } },
  },
});

export function citiesRoutes(cities: CitiesService) {
  return createRouter().openapi(listCitiesRoute, async (c) => {
    // Cities change only with a deploy; a short shared cache spares the database.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await cities.list(), 200);
  });
}
