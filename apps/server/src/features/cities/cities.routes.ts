import { CITY_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { CitiesService } from './cities.service';

export function citiesRoutes(cities: CitiesService) {
  return createRouter().openapi(routeOf(CITY_ENDPOINTS.list), async (c) => {
    // Cities change only with a deploy; a short shared cache spares the database.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await cities.list(), 200);
  });
}
