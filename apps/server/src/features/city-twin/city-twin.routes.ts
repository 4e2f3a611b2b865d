import { CITY_TWIN_ENDPOINTS } from '@smart-city/shared';
import { routeOf } from '../../http/endpoint-route';
import { createRouter } from '../../http/router';
import type { CityTwinService } from './city-twin.service';

export function cityTwinRoutes(cityTwin: CityTwinService) {
  return createRouter().openapi(routeOf(CITY_TWIN_ENDPOINTS.get), async (c) =>
    c.json(await cityTwin.twin(c.req.valid('query').city), 200),
  );
}
